// The announcement pop-ups over every page (issue 16).
export { AnnouncementPopups } from './AnnouncementPopups';
