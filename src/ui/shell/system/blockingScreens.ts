// The blocking screens (spec 2 "System status screens") in one chunk: a rare face of the site,
// so neither they nor their live-support link (the chat's entry) come with every first page.
export { MaintenanceScreen } from './MaintenanceScreen';
export { RegionBlockScreen } from './RegionBlockScreen';
