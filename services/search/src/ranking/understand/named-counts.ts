const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A number from 2 to 12 after a word and a space, and what follows it. */
const COUNT_AFTER_A_WORD = /\b([a-z]{3,})\s+(\d{1,2})\b(?=(\s*[-–.,%/\d]|\s+(?:to|or|and|x)\b|\s+([a-z]+))?)/gi;
/** Words before a number that make it a label, a time or a measurement ('type 2', 'day 5', 'GCS 12'), not a count a name ends with. */
const LABELS = new Set(
  'about above after aged age and around at before below between by class day days dose doses every for from gcs grade in level month months news news2 of or over phase score stage than the then to type under week weeks within year years'.split(' '),
);
/** Words after a number that make it an amount, a time or an age ('6 hours', '2 mg'). */
const MEASURES = new Set(
  'mg g kg mcg ug ml l iu units unit mmol mmhg cm mm percent hours hour hrs hr h days day d weeks week wk wks months month mo years year yrs yr y yo minutes minute mins min seconds second secs sec times doses dose tablets tablet puffs puff vials vial drops drop breaths compressions'.split(' '),
);

/**
 * The counts a query names after a term, as guidance writes them in words ('sepsis 6' → 'sepsis six',
 * the Sepsis Six): a lone number from 2 to 12 after a word, neither a label's number ('type 2', 'day
 * 5'), nor part of a range or decimal, nor an amount, a time or an age.
 */
export function namedCounts(query: string): string[] {
  const named: string[] = [];
  for (const [, before, number, after, next] of query.matchAll(COUNT_AFTER_A_WORD)) {
    const count = Number(number);
    const word = before.toLowerCase();
    if (count < 2 || count > 12 || LABELS.has(word) || (after !== undefined && next === undefined) || MEASURES.has(next?.toLowerCase() ?? '')) continue;
    named.push(`${word} ${NUMBER_WORDS[count]}`);
  }
  return named;
}
