/** The home banners' artwork size (3:1): the page keeps the box while an image loads. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;
