// The responsible-gaming feature's public face (issue 17): the member centre's page, and the
// refusal texts the login form, the deposit page and the game page share.
export { ResponsibleGamingPage } from './ResponsibleGamingPage';
export { useRgRefusalText } from './rgFormat';
