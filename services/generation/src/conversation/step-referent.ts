import { isLemma } from '../lexicon/word-net.js';
import { AMOUNT_STEM, stemsOf } from './answer-words.js';

const PRONOUN = /\b(?:it|this|that|them|these|those)\b/i;
const FIRST_PRONOUN = /\b(?:it|this|that|them|these|those)\b(?!\s+(?:is|are|was|were)\b)/i;
/** What is counted out rather than given ('Give 2 puffs of…', '8-10 vials of…'). */
const DOSE_UNIT = /^(?:puf|tablet|dose|vial|ampoul|sachet|drop|capsul)$/;
const isReferent = (stem: string | undefined) => stem !== undefined && !AMOUNT_STEM.test(stem) && !DOSE_UNIT.test(stem);

/** What a step's instruction acts on, as written ('Give paracetamol for fever…' → paracetamol); null when it opens with no verb. */
export function stepObject(step: string): string | null {
  const [verb = '', ...rest] = step.trim().split(/\s+/);
  if (!isLemma(verb.toLowerCase(), 'verb')) return null;
  const object = rest.map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).find((word) => isReferent(stemsOf(word)[0]));
  return object ?? null;
}

/** Whether a question about a step refers to what it acts on by a pronoun ('how often can it be given?'). */
export const refersBack = (question: string) => PRONOUN.test(question);

/** A step thread's question with its first pronoun read as what the step acts on, for search ('how often can paracetamol be given?'). */
export function questionOnTheStep(question: string, step: string): string {
  const object = refersBack(question) ? stepObject(step) : null;
  return object ? question.replace(FIRST_PRONOUN, object) : question;
}
