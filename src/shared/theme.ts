/** Where the page remembers the theme the visitor chose (local storage): 'light' or 'dark'. */
export const THEME_STORAGE_KEY = 'theme';
