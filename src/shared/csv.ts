/**
 * CSV for the report exports (RFC 4180: comma, CRLF, quotes doubled). A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at its start — an account name is
 * the member's own choice) is prefixed with an apostrophe; numbers, negative ones included,
 * stay numbers. A byte-order mark lets spreadsheet programs read the file as UTF-8.
 */
const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (!NUMBER.test(text) && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
