import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney, toMoneyString } from '../../shared/money';
import { percentOf } from '../../shared/rewards';
import type { VipStatus } from '../../shared/vip';
import { Badge } from '../components/Badge';

type NextLevel = NonNullable<VipStatus['next']>;
type Money = (text: string) => string;

/**
 * The way to the next level in words, naming only what is still missing: the valid bets, the
 * deposits, or both. With both met the stored level has not caught up yet: it is worked out
 * again when the next bet or deposit is counted (server/domain/vip/progress.ts), and says so.
 */
export function vipNextText(t: TFunction, next: NextLevel, money: Money): string {
  const betLeft = parseMoney(next.validBetLeft) > 0n;
  const depositLeft = parseMoney(next.depositLeft) > 0n;
  const values = {
    name: next.name,
    bet: money(next.validBetLeft),
    deposit: money(next.depositLeft),
  };
  if (betLeft && depositLeft) return t('vip.toNext', values);
  if (betLeft) return t('vip.toNextBet', values);
  if (depositLeft) return t('vip.toNextDeposit', values);
  return t('vip.toNextMet', values);
}

interface Requirement {
  id: 'bet' | 'deposit';
  label: string;
  have: string;
  need: string;
  met: boolean;
}

/** The next level's two thresholds, each with the member's period total against it. */
function requirementsOf(status: VipStatus, next: NextLevel, t: TFunction): Requirement[] {
  const level = status.levels.find((one) => one.level === next.level);
  // The levels list carries the thresholds; without it, what is had plus what is left.
  const needOf = (threshold: string | undefined, have: string, left: string) =>
    threshold ?? toMoneyString(parseMoney(have) + parseMoney(left));
  return [
    {
      id: 'bet',
      label: t('vip.validBet'),
      have: status.validBet,
      need: needOf(level?.validBet, status.validBet, next.validBetLeft),
      met: parseMoney(next.validBetLeft) === 0n,
    },
    {
      id: 'deposit',
      label: t('vip.deposit'),
      have: status.deposit,
      need: needOf(level?.deposit, status.deposit, next.depositLeft),
      met: parseMoney(next.depositLeft) === 0n,
    },
  ];
}

/** The progress to the next level: what is left in words, then one bar per requirement. */
export function VipNext({ status, next }: { status: VipStatus; next: NextLevel }) {
  const { t, i18n } = useTranslation();
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  return (
    <div className="wagering vip-next">
      <p className="wagering-figures" data-testid="vip-next">
        {vipNextText(t, next, money)}
      </p>
      <ul className="vip-requirements">
        {requirementsOf(status, next, t).map((requirement) => {
          const percent = requirement.met
            ? 100
            : percentOf(parseMoney(requirement.have), parseMoney(requirement.need));
          return (
            <li key={requirement.id} data-testid={`vip-requirement-${requirement.id}`}>
              <div className="vip-requirement-head">
                <span>{requirement.label}</span>
                {requirement.met && <Badge tone="success">{t('vip.met')}</Badge>}
                <span className="vip-requirement-figures">
                  {t('vip.figures', {
                    have: money(requirement.have),
                    need: money(requirement.need),
                  })}
                </span>
              </div>
              <progress
                className="wagering-bar"
                max={100}
                value={percent}
                aria-label={t('vip.progressOf', {
                  requirement: requirement.label,
                  name: next.name,
                })}
                aria-valuetext={`${percent}%`}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
