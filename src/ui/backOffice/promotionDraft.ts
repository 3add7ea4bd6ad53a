import type { PromotionDefinitionInput, PromotionTexts } from '../../shared/backOfficePromotions';
import type { PromotionAudience, PromotionType } from '../../shared/promotions';

type TermKind = 'money' | 'percent' | 'int' | 'bool' | 'gameTypes' | 'prizes' | 'datetime';

/** The terms each type takes (server/config/promotions.ts holds the rules; it checks them). */
export const TERM_FIELDS: Record<PromotionType, [string, TermKind][]> = {
  depositBonus: [
    ['percent', 'percent'],
    ['cap', 'money'],
    ['minDeposit', 'money'],
    ['wageringMultiplier', 'int'],
    ['firstDepositOnly', 'bool'],
  ],
  signupBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
  rebate: [
    ['percent', 'percent'],
    ['gameTypes', 'gameTypes'],
  ],
  raffle: [
    ['ticketPer', 'money'],
    ['drawAt', 'datetime'],
    ['prizes', 'prizes'],
    ['wageringMultiplier', 'int'],
  ],
  missionReward: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
  referralReward: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
    ['minFirstDeposit', 'money'],
    ['minTurnover', 'money'],
    ['turnoverMultiplier', 'int'],
  ],
  vipUpgradeBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
    ['level', 'int'],
  ],
  appliedBonus: [
    ['amount', 'money'],
    ['wageringMultiplier', 'int'],
  ],
};

export const AUDIENCES = ['all', 'newMembers', 'vipAtLeast', 'agentTeam'] as const;

/** yyyy-MM-ddTHH:mm in the browser's time zone (a datetime-local input's value). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}`
  );
}

const isoOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

/** The form's fields as typed (strings), and the definition they make. */
export interface Draft {
  code: string;
  type: PromotionType;
  content: Record<string, PromotionTexts>;
  banner: string;
  startsAt: string;
  endsAt: string;
  audienceKind: (typeof AUDIENCES)[number];
  audienceValue: string;
  terms: Record<string, string>;
}

export function termText(kind: TermKind, value: unknown): string {
  if (value === undefined || value === null) return kind === 'bool' ? 'false' : '';
  if (kind === 'gameTypes') return Array.isArray(value) ? value.join(', ') : '';
  if (kind === 'prizes')
    return Array.isArray(value)
      ? (value as { amount: string; count: number }[])
          .map((prize) => `${prize.amount}x${prize.count}`)
          .join(', ')
      : '';
  if (kind === 'datetime') return localInput(String(value));
  return String(value);
}

function termValue(kind: TermKind, text: string): unknown {
  const trimmed = text.trim();
  switch (kind) {
    case 'int':
      return trimmed === '' ? undefined : Number(trimmed);
    case 'bool':
      return trimmed === 'true';
    case 'gameTypes': {
      const list = trimmed
        .split(',')
        .map((entry) => entry.trim().toUpperCase())
        .filter(Boolean);
      return list.length ? list : undefined;
    }
    case 'prizes':
      return trimmed
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const [amount = '', count = ''] = entry.split(/x|×/i).map((part) => part.trim());
          return { amount, count: Number(count) };
        });
    case 'datetime':
      return isoOf(trimmed) ?? undefined;
    default:
      return trimmed === '' ? undefined : trimmed;
  }
}

export function draftOf(definition: PromotionDefinitionInput | null): Draft {
  const type = definition?.type ?? 'depositBonus';
  const audience = definition?.audience ?? { kind: 'all' };
  return {
    code: definition?.code ?? '',
    type,
    content: definition?.content ?? { EN: { title: '', summary: '', terms: '' } },
    banner: definition?.banner ?? '',
    startsAt: localInput(definition?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(definition?.endsAt ?? null),
    audienceKind: audience.kind,
    audienceValue:
      audience.kind === 'newMembers'
        ? String(audience.days)
        : audience.kind === 'vipAtLeast'
          ? String(audience.level)
          : audience.kind === 'agentTeam'
            ? audience.agent
            : '',
    terms: Object.fromEntries(
      TERM_FIELDS[type].map(([key, kind]) => [key, termText(kind, definition?.terms[key])]),
    ),
  };
}

export function definitionOf(draft: Draft): PromotionDefinitionInput {
  const audience: PromotionAudience =
    draft.audienceKind === 'newMembers'
      ? { kind: 'newMembers', days: Number(draft.audienceValue) }
      : draft.audienceKind === 'vipAtLeast'
        ? { kind: 'vipAtLeast', level: Number(draft.audienceValue) }
        : draft.audienceKind === 'agentTeam'
          ? { kind: 'agentTeam', agent: draft.audienceValue.trim() }
          : { kind: 'all' };
  const terms: Record<string, unknown> = {};
  for (const [key, kind] of TERM_FIELDS[draft.type]) {
    const value = termValue(kind, draft.terms[key] ?? '');
    if (value !== undefined) terms[key] = value;
  }
  return {
    code: draft.code.trim().toUpperCase(),
    type: draft.type,
    content: draft.content,
    banner: draft.banner.trim() || null,
    startsAt: isoOf(draft.startsAt) ?? '',
    endsAt: isoOf(draft.endsAt),
    audience,
    terms,
  };
}
