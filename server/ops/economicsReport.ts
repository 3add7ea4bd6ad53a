import { loadPlatformConfig } from '../config/load';
import {
  type BudgetCategory,
  type BudgetLine,
  budgetPromotionsOf,
  describeLine,
  formatPpm,
  returnsBudget,
} from '../domain/economics/returnsBudget';
import { catalogueGameEngines } from '../seed/catalogueEngines';

/** The table's columns: each category's sum in a line. */
const COLUMNS: [BudgetCategory, string][] = [
  ['salaries', 'salaries'],
  ['dividend', 'dividend'],
  ['vipRebate', 'VIP rebate'],
  ['rebatePromotion', 'promotions'],
  ['points', 'points'],
  ['upgradeBonus', 'upgrade'],
  ['mission', 'missions'],
];

const percentOf = (ppm: number) => formatPpm(ppm).replace(' %', '');

function table(lines: BudgetLine[], worst: BudgetLine): string[] {
  const header = ['VIP', ...COLUMNS.map(([, title]) => title), 'total', 'limit', 'headroom', ''];
  const rows = lines.map((line) => [
    String(line.level),
    ...COLUMNS.map(([category]) =>
      percentOf(
        line.items
          .filter((item) => item.category === category)
          .reduce((sum, item) => sum + item.ppm, 0),
      ),
    ),
    percentOf(line.totalPpm),
    percentOf(line.limitPpm),
    percentOf(line.headroomPpm),
    line === worst ? '<== worst' : line.ok ? '' : '<== OVER',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)].map((row) => `  ${row}`);
}

/**
 * `npm run ops -- economics` (issue 28, finding 3): the returns budget of the configuration file
 * (PLATFORM_CONFIG, else config/platform.json) and the catalogue, per game type and VIP level,
 * itemised, in percent of the stake; the line with the least headroom marked and spelled out.
 * It reads the files, not the running server: the promotions are the file's (an operator's
 * later changes were checked when made).
 */
export async function economicsReport(file: string): Promise<string> {
  const config = await loadPlatformConfig(file);
  const budget = returnsBudget({
    config,
    promotions: budgetPromotionsOf(config.promotions),
    gameTypes: await catalogueGameEngines(),
    now: new Date(),
  });
  const out = [
    `Returns budget of ${file}: every per-bet return, in % of the stake, against each game ` +
      `type's lowest house edge less the margin (${formatPpm(budget.marginPpm)}).`,
  ];
  const types = [...new Set(budget.lines.map((line) => line.gameType))];
  for (const gameType of types) {
    const lines = budget.lines.filter((line) => line.gameType === gameType);
    const first = lines[0]!;
    out.push(
      '',
      `${gameType}: edge ${formatPpm(first.edgePpm)} (${first.edgeSource}), limit ${formatPpm(first.limitPpm)}`,
      ...table(lines, budget.worst),
    );
  }
  out.push(
    '',
    `Worst line (${budget.ok ? 'passes' : 'BREAKS THE BUDGET'}):`,
    `  ${describeLine(budget.worst, budget.marginPpm)}`,
    '',
    'Itemised:',
    ...budget.worst.items.map(
      (item) => `  ${formatPpm(item.ppm).padStart(10)}  ${item.label}  [${item.source}]`,
    ),
  );
  const broken = budget.lines.filter((line) => !line.ok).length;
  if (broken > 0) out.push('', `${broken} line(s) break the budget: the server refuses to start.`);
  return out.join('\n');
}
