import { formatPpm } from './returnsBudgetPpm';
import type { BudgetLine, ReturnsBudget } from './returnsBudgetTypes';

/** The returns budget in words: a line described, the start-up refusal, the operator's view. */

/** "RNG at VIP 1: 3.9157 % of every bet (salary caps … 1.5000 % + …) is above …". */
export function describeLine(line: BudgetLine, marginPpm: number): string {
  const items = line.items.map((item) => `${item.label} ${formatPpm(item.ppm)}`).join(' + ');
  const verdict = line.ok ? 'within' : 'above';
  return (
    `${line.gameType} at VIP ${line.level}: returns ${formatPpm(line.totalPpm)} of every bet ` +
    `(${items}), ${verdict} the lowest house edge ${formatPpm(line.edgePpm)} less the margin ` +
    `${formatPpm(marginPpm)} (${formatPpm(line.limitPpm)})`
  );
}

/**
 * What is wrong, itemised (nothing when the budget holds): per game type the level that breaks
 * it most, for the start-up refusal (server/boot.ts) as a schema error is shown.
 */
export function returnsBudgetIssues(budget: ReturnsBudget): { path: string; message: string }[] {
  const worstPerType = new Map<string, BudgetLine>();
  for (const line of budget.lines) {
    if (line.ok) continue;
    const seen = worstPerType.get(line.gameType);
    if (!seen || line.headroomPpm < seen.headroomPpm) worstPerType.set(line.gameType, line);
  }
  return [...worstPerType.values()].map((line) => ({
    path: `returns budget (${line.gameType}, VIP ${line.level})`,
    message:
      `${describeLine(line, budget.marginPpm)}: a member (or a member and its agent) would win ` +
      'by playing. Lower these returns or raise economics.marginPercent only with care.',
  }));
}

/** The budget's figures as the operator's API answers them (percent strings, itemised). */
export function budgetLineView(line: BudgetLine) {
  return {
    gameType: line.gameType,
    level: line.level,
    total: formatPpm(line.totalPpm),
    limit: formatPpm(line.limitPpm),
    edge: formatPpm(line.edgePpm),
    edgeSource: line.edgeSource,
    headroom: formatPpm(line.headroomPpm),
    ok: line.ok,
    items: line.items.map((item) => ({
      source: item.source,
      label: item.label,
      percent: formatPpm(item.ppm),
    })),
  };
}
