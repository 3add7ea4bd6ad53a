/**
 * How often a lottery game draws, as its name says it (issue 32). A game of the catalogue may
 * promise its cadence in its name ("Fast Draw · 5 Minutes", "45-Second Draw"): its `drawSeconds`
 * in the catalogue data file is that cadence, the one thing both sides read. The draw schedule
 * draws on it (draws.ts `intervalOf`), scripts/generateCatalogue.ts writes the names' cadence
 * words from it (`cadenceWords`), and the catalogue schema refuses a file where a name says
 * another cadence than its game's `drawSeconds` (`statedCadences`), so the two cannot part.
 */

const DAY_SECONDS = 86_400;

/** A draw interval the schedule can keep: whole seconds, 30 s to a day, dividing a day. */
export function isDrawInterval(seconds: number): boolean {
  return (
    Number.isInteger(seconds) &&
    seconds >= 30 &&
    seconds <= DAY_SECONDS &&
    DAY_SECONDS % seconds === 0
  );
}

type Unit = 'minute' | 'second';
/** The words of a cadence in the languages lottery games are named in: [one, many]. */
const UNITS: Readonly<Record<string, Readonly<Record<Unit, readonly [string, string]>>>> = {
  EN: { minute: ['Minute', 'Minutes'], second: ['Second', 'Seconds'] },
  ES: { minute: ['Minuto', 'Minutos'], second: ['Segundo', 'Segundos'] },
  PT: { minute: ['Minuto', 'Minutos'], second: ['Segundo', 'Segundos'] },
  VI: { minute: ['Phút', 'Phút'], second: ['Giây', 'Giây'] },
};

/**
 * A cadence in a language's words: "5 Minutes", "1 Minuto", "45 Giây"; in whole minutes when it
 * is, else in seconds. The adjective form is English's "45-Second" ("45-Second Draw").
 */
export function cadenceWords(
  seconds: number,
  language: string,
  form: 'noun' | 'adjective' = 'noun',
): string {
  const words = UNITS[language];
  if (!words) throw new Error(`no cadence words in ${language}`);
  if (!isDrawInterval(seconds)) throw new Error(`${seconds} s is not a draw interval`);
  const [count, unit]: [number, Unit] =
    seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  const [one, many] = words[unit];
  if (form === 'adjective' && language === 'EN') return `${count}-${one}`;
  return `${count} ${count === 1 ? one : many}`;
}

const SECONDS_OF: Readonly<Record<string, number>> = Object.fromEntries(
  Object.values(UNITS).flatMap((units) =>
    (Object.entries(units) as [Unit, readonly [string, string]][]).flatMap(([unit, forms]) =>
      forms.map((word) => [word.toLowerCase(), unit === 'minute' ? 60 : 1]),
    ),
  ),
);
const CADENCE = new RegExp(
  `(\\d+)[ -](${Object.keys(SECONDS_OF)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}\\p{M}])`,
  'giu',
);

/** Every cadence a name states, in seconds ("Keno · 3 Minutes" → [180]); none → []. */
export function statedCadences(name: string): number[] {
  return [...name.normalize('NFC').matchAll(CADENCE)].map(
    (match) => Number(match[1]) * SECONDS_OF[match[2]!.toLowerCase()]!,
  );
}
