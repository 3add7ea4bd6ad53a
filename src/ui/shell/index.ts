// The shell's public face: the frame, popups and system gate the app is built from, and the
// pieces other features show.
export { NotFoundPage } from './NotFoundPage';
export { Popups } from './popups/Popups';
export { Shell } from './Shell';
export { LiveSupportButton } from './system/LiveSupportButton';
export { SystemGate } from './system/SystemGate';
