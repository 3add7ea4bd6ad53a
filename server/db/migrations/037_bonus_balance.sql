-- Bonus money as its own balance (issue 28, finding 1). A claimed bonus with a wagering
-- requirement is credited to the member's `bonus` account, not the main wallet; a bet takes
-- real money first and the rest from the bonus account, and what a bet wins goes back in the
-- proportion its stake came from each. The bonus account becomes real money (one posting to
-- the main wallet) only when the requirement is met; a forfeit, an expiry or a bonus lost in
-- play takes the whole of it back to the house. Nothing else moves money in or out of it.
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts
  add constraint ledger_accounts_kind_check check (kind in ('main', 'vendor', 'house', 'bonus'));

-- What part of a bet was staked with bonus money, and what part of its win went back to the
-- bonus account: everything a bet earns (salaries, the dividend, rebates, points, missions, VIP
-- and referral progress) is counted on the real part only (finding 2).
alter table bets
  add column bonus_bet_amount bigint not null default 0 check (bonus_bet_amount >= 0),
  add column bonus_win_amount bigint not null default 0 check (bonus_win_amount >= 0);

-- A requirement also ends when its time is up (`expired`) or when the bonus balance is played
-- down to nothing (`lost`); `released` is what turned into real money when it was met, and
-- `expires_at` when an open one ends.
alter table wagering_requirements drop constraint wagering_requirements_state_check;
alter table wagering_requirements
  add constraint wagering_requirements_state_check
    check (state in ('open', 'met', 'forfeited', 'expired', 'lost')),
  add column released bigint,
  add column expires_at timestamptz;
create index wagering_requirements_due_idx on wagering_requirements (expires_at)
  where state = 'open';

-- A waiting reward the member can no longer claim: a deposit bonus whose qualifying deposit
-- was withdrawn before the claim.
alter table rewards drop constraint rewards_state_check;
alter table rewards
  add constraint rewards_state_check check (state in ('waiting', 'claimed', 'expired', 'void'));
