import { describe, expect, it } from '@jest/globals';
import { csvCell, TRAIL_CSV_HEADER, trailCsv } from './trail-csv.js';
import type { TrailView } from './trail-entry.js';

const entry = (overrides: Partial<TrailView> = {}): TrailView => ({
  id: 'e1',
  at: '2026-03-01T09:30:00.000Z',
  action: 'publish',
  actor: { name: 'Matron Adeyemi', email: 'matron@ward.org', erased: false },
  protocolId: 'up_abc_0001',
  protocolTitle: 'Sepsis: first hour',
  libraryProtocolId: 'lib_1',
  sourceFile: 'sepsis.pdf',
  sourceChecksum: 'a'.repeat(64),
  detail: '',
  ...overrides,
});

async function csvOf(pages: TrailView[][]): Promise<string> {
  let text = '';
  for await (const chunk of trailCsv((async function* () {
    yield* pages;
  })())) text += chunk;
  return text;
}

describe('the approval trail as CSV', () => {
  it('quotes every cell, doubling quotes, so commas and line breaks stay inside it', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('Sepsis, "first" hour\nward 4')).toBe('"Sepsis, ""first"" hour\nward 4"');
    expect(csvCell('')).toBe('""');
  });

  it.each(['=HYPERLINK("http://evil.example")', '+1+2', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])('never lets a spreadsheet read %j as a formula', (value) => {
    expect(csvCell(value)).toMatch(/^"'/);
    expect(csvCell(value).slice(2, -1)).toBe(value.replace(/"/g, '""'));
  });

  it('opens with a byte order mark and the header row, then one CRLF line per entry, newest first as given', async () => {
    const text = await csvOf([[entry(), entry({ id: 'e2', action: 'approve', libraryProtocolId: '', protocolTitle: '=cmd|calc' })], [entry({ id: 'e3', action: 'erasure', actor: { name: 'Erased account 1a2b3c4d', email: '', erased: true } })]]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(TRAIL_CSV_HEADER.map((name) => `"${name}"`).join(','));
    expect(lines[1]).toBe(`"2026-03-01T09:30:00.000Z","publish","Matron Adeyemi","matron@ward.org","up_abc_0001","Sepsis: first hour","lib_1","sepsis.pdf","${'a'.repeat(64)}",""`);
    expect(lines[2]).toContain('"\'=cmd|calc"');
    expect(lines[3]).toContain('"erasure","Erased account 1a2b3c4d",""');
    expect(lines).toHaveLength(5);
  });

  it('is the header row alone for an empty trail', async () => {
    expect(await csvOf([[]])).toBe(`\uFEFF${TRAIL_CSV_HEADER.map((name) => `"${name}"`).join(',')}\r\n`);
  });
});
