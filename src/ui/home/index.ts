// The home feature's public face (the lobby below the hero is a lazy chunk of its own).
export { HomePage } from './HomePage';
// The page's live announcements and the announcement paging (spec 9: nine to a page), shared
// with the announcement pop-ups (issue 16).
export { useHomeAnnouncements } from './useHomeAnnouncements';
export { pageOf } from './NoticePopup';
