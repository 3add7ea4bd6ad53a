// The help feature's public face: the help centre the /help popup shows (the /helpmc page is a
// lazy chunk of its own, src/ui/help/HelpCentrePage.tsx).
export { HelpCentre } from './HelpCentre';
