/**
 * The demo logins printed at start and listed in the README. Seeded only outside production.
 * player2 and player3 are agent1's downline (issue 6 builds deeper levels on them).
 */
import { DEMO_PASSWORD } from '../domain/identity/demoPassword';

export { DEMO_PASSWORD };
/** The demo support console account (password DEMO_PASSWORD); players see its display name. */
export const DEMO_SUPPORT = { name: 'support1', displayName: 'Mai' } as const;
/** The demo accounts' payment password (withdrawals). */
export const DEMO_PAYMENT_PASSWORD = '246810';

export interface DemoAccount {
  account: string;
  nickname: string;
  type: number;
  upline?: string;
  role: string;
  /** Contact details make SMS login and the unregistered-IP check usable with demo logins. */
  mobile?: string;
  email?: string;
  affiliateCode?: string;
}

export const demoAccounts: DemoAccount[] = [
  {
    account: 'player1',
    nickname: 'Player One',
    type: 0,
    role: 'player (mobile +84 900000001)',
    mobile: '900000001',
    email: 'player1@example.test',
  },
  {
    account: 'agent1',
    nickname: 'Agent One',
    type: 1,
    role: 'agent (affiliate code AGENT1)',
    affiliateCode: 'AGENT1',
  },
  {
    account: 'player2',
    nickname: 'Player Two',
    type: 0,
    upline: 'agent1',
    role: 'player, downline of agent1',
  },
  {
    account: 'player3',
    nickname: 'Player Three',
    type: 0,
    upline: 'agent1',
    role: 'player, downline of agent1',
  },
];
