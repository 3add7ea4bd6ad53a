// The responsible-gaming feature's public face (issue 17): the member centre's page. The
// refusal texts the login form, the deposit page and the game share are in core/rgRefusal.ts.
export { ResponsibleGamingPage } from './ResponsibleGamingPage';
