export const STEP_MAX_LENGTH = 140;
export const STEP_ELLIPSIS_AFTER = 150;
export const STEP_BREAK_FROM = 80;
export const MAX_STEPS = 12;
export const MIN_STEP_LENGTH = 4;

const LEADING_MARKERS = /^(?:step\s*\d{1,3}[.):]?\s+|\(?\d{1,3}[.):]\s+|\(\d{1,3}\)\s+|[-*•●▪◦‣–—>]+\s*|\(?[a-z][.)]\s+)+/i;

/** A full stop that ends an abbreviation inside a sentence ('vs.', 'e.g.', 'et al.'), not the sentence ('vitamin K.' does). */
const ABBREVIATION_STOP = /\b(?:vs|e\.g|i\.e|cf|et al|approx|fig)\.$/i;

function lastBreak(text: string, marks: RegExp): number {
  for (let i = Math.min(STEP_MAX_LENGTH, text.length - 1); i >= STEP_BREAK_FROM; i--) {
    if (!marks.test(text[i]) || (i + 1 < text.length && text[i + 1] !== ' ')) continue;
    if (text[i] === '.' && ABBREVIATION_STOP.test(text.slice(0, i + 1))) continue;
    return i;
  }
  return -1;
}

/**
 * Cuts a step over 140 characters at the last sentence break after position 80 (else the last clause
 * break, else a word boundary), adding an ellipsis when the original exceeded 150 characters.
 */
export function cutStep(text: string): string {
  if (text.length <= STEP_MAX_LENGTH) return text;
  const sentence = lastBreak(text, /[.!?]/);
  const clause = sentence < 0 ? lastBreak(text, /[;:,]/) : -1;
  let cut: string;
  if (sentence >= 0) cut = text.slice(0, sentence + 1);
  else if (clause >= 0) cut = text.slice(0, clause);
  else cut = text.slice(0, STEP_MAX_LENGTH).replace(/\s+\S*$/, '');
  return text.length > STEP_ELLIPSIS_AFTER ? `${cut.replace(/[\s.,;:!?]+$/, '')}...` : cut;
}

/** One step's text per docs/product-spec.md §5: whitespace collapsed, numbering and bullets stripped, capitalised, cut, final period. */
export function cleanStepText(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim().replace(LEADING_MARKERS, '').trim();
  if (!text) return '';
  const capitalised = text[0].toUpperCase() + text.slice(1);
  const cut = cutStep(capitalised);
  return /[.!?]$/.test(cut) ? cut : `${cut}.`;
}

/**
 * Cleans a list of steps: each step cleaned, duplicates (case-insensitive) and steps under 4
 * characters dropped, at most 12 kept. Callers renumber by position.
 */
export function cleanSteps<T extends { text: string }>(steps: T[]): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const step of steps) {
    const text = cleanStepText(step.text);
    const key = text.toLowerCase();
    if (text.length < MIN_STEP_LENGTH || seen.has(key)) continue;
    seen.add(key);
    kept.push({ ...step, text });
    if (kept.length === MAX_STEPS) break;
  }
  return kept;
}
