import type { TrailView } from './trail-entry.js';

export const TRAIL_CSV_HEADER = ['Time (UTC)', 'Action', 'Actor', 'Actor email', 'Protocol ID', 'Protocol title', 'Library protocol ID', 'Source file', 'Source SHA-256', 'Detail'];

/** Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: never read as a formula, always quoted (RFC 4180), so commas, quotes and line breaks stay inside it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const trailCsvLine = (entry: TrailView) =>
  csvLine([
    entry.at,
    entry.action,
    entry.actor.name,
    entry.actor.email,
    entry.protocolId,
    entry.protocolTitle,
    entry.libraryProtocolId,
    entry.sourceFile,
    entry.sourceChecksum,
    entry.detail,
  ]);

/**
 * The trail as CSV, page by page. It opens with a byte order mark: spreadsheet programs read the
 * file as UTF-8 only with one, and names and titles are rarely plain ASCII.
 */
export async function* trailCsv(pages: AsyncIterable<TrailView[]>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(TRAIL_CSV_HEADER)}`;
  for await (const page of pages) yield page.map(trailCsvLine).join('');
}
