import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type PairKind =
  | 'negation_added'
  | 'negation_removed'
  | 'dose_x10'
  | 'dose_div10'
  | 'unit_swapped'
  | 'population_swapped'
  | 'frequency_changed'
  | 'paraphrase'
  | 'hand_written'
  | 'action_split'
  | 'amount_moved';

/** A step and the source it cites: `faithful` says what the source says, `flipped` does not. */
export interface GroundingPair {
  id: string;
  split: 'tune' | 'test';
  label: 'faithful' | 'flipped';
  kind: PairKind;
  origin: string;
  source: string;
  step: string;
}

export interface CorpusSentence {
  origin: string;
  sentence: string;
  /** The section the sentence is in: the source a generator would have been given. */
  passage: string;
}

/** Bullets and sentences of the starter corpus, each with its section as the passage. */
export function corpusSentences(corpusDir: string): CorpusSentence[] {
  const files = readdirSync(corpusDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort();
  const found: CorpusSentence[] = [];
  for (const file of files) {
    const body = readFileSync(join(corpusDir, file), 'utf8').replace(/^---[\s\S]*?\n---\n/, '');
    for (const section of body.split(/\n(?=#+ )/)) {
      const lines = section
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
        .map((line) => line.replace(/^\s*(?:[-*]|\d+[.)])\s+/, '').trim());
      const passage = lines.join('\n');
      for (const line of lines) {
        for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
          if (sentence.length >= 30) found.push({ origin: relative(corpusDir, join(corpusDir, file)), sentence, passage });
        }
      }
    }
  }
  return found;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
const IMPERATIVE = /^(Give|Start|Use|Take|Apply|Call|Keep|Check|Offer|Continue|Admit|Refer|Treat|Record|Measure|Monitor|Ask|Encourage|Repeat|Add|Prescribe|Assess|Test|Advise|Drink|Wash|Sleep|Eat|Avoid|Seek|Place|Lay|Put|Remove|Cover|Clean|Tell|Arrange|Stay|Rest|Open|Breastfeed|Feed|Reassess|Consider|Look|Watch|Ensure|Provide|Screen|Vaccinate|Follow|Review|Return)\b/;
const NEGATED_START = /^(?:Do not|Don't|Never)\s+(\w)/;
const DOSE = /\b(\d+(?:\.\d+)?)(\s*(?:-|to)\s*(\d+(?:\.\d+)?))?(\s*)(mg|g|mcg|micrograms|ml|mL|units|IU|mmol|%)(?![a-z])/;
const TIMING = /\b(every|within|for|after|in)\s+(\d+)(?:\s*(?:-|to)\s*(\d+))?\s+(seconds?|minutes?|hours?|days?|weeks?)\b/;
const POPULATION_SWAPS: [RegExp, string][] = [
  [/\bchildren\b/, 'adults'],
  [/\bchild\b/, 'adult'],
  [/\badults\b/, 'children'],
  [/\badult\b/, 'child'],
  [/\binfants\b/, 'adults'],
  [/\binfant\b/, 'adult'],
  [/\bbabies\b/, 'adults'],
  [/\bbaby\b/, 'adult'],
  [/\bpregnant women\b/, 'children'],
  [/\bpregnancy\b/, 'childhood'],
  [/\bolder people\b/, 'children'],
  [/\bunder (\d+ (?:years?|months?|weeks?))/, 'over $1'],
  [/\bover (\d+ (?:years?|months?|weeks?))/, 'under $1'],
];
/** Sentences naming two of these bind amounts to populations ("0.5 mg in adults, 0.3 mg in children"); swapping one term there is left out. */
const POPULATION_GROUPS = [/\b(?:children|child|childhood)\b/i, /\badults?\b/i, /\b(?:infants?|infancy|babies|baby)\b/i, /\bpregnan\w*/i, /\bolder people\b/i];
const scale = (value: string, factor: number) => String(Math.round(Number(value) * factor * 1000) / 1000);

/** Flipped versions of a sentence, one per kind that applies to it. */
export function flips(sentence: string): { kind: PairKind; step: string }[] {
  const out: { kind: PairKind; step: string }[] = [];
  const negatedStart = NEGATED_START.exec(sentence);
  if (negatedStart) out.push({ kind: 'negation_removed', step: capitalise(sentence.slice(negatedStart[0].length - 1)) });
  else if (/\b(should|must) not\b/.test(sentence)) out.push({ kind: 'negation_removed', step: sentence.replace(/\b(should|must) not\b/, '$1') });
  else if (/\b(is|are) not\b/.test(sentence)) out.push({ kind: 'negation_removed', step: sentence.replace(/\b(is|are) not\b/, '$1') });
  else if (IMPERATIVE.test(sentence) && !/^Avoid\b/.test(sentence)) out.push({ kind: 'negation_added', step: `Do not ${lowerFirst(sentence)}` });
  else if (/\b(should|must|can|is|are)\b/.test(sentence) && !/\bnot\b|\bno\b|\bnever\b/.test(sentence)) {
    out.push({ kind: 'negation_added', step: sentence.replace(/\b(should|must|can|is|are)\b/, '$1 not') });
  }
  const dose = DOSE.exec(sentence);
  if (dose) {
    const [whole, low, range, high, space, unit] = dose;
    const scaled = (factor: number) => `${scale(low, factor)}${range ? range.replace(high, scale(high, factor)) : ''}${space}${unit}`;
    out.push({ kind: 'dose_x10', step: sentence.replace(whole, scaled(10)) });
    out.push({ kind: 'dose_div10', step: sentence.replace(whole, scaled(0.1)) });
    const swapped = { mg: 'g', g: 'mg', mcg: 'mg', micrograms: 'mg', ml: 'litres', mL: 'litres', units: 'mg', IU: 'mg', mmol: 'mg', '%': 'mg' }[unit]!;
    out.push({ kind: 'unit_swapped', step: sentence.replace(whole, `${low}${range ?? ''}${space || ' '}${swapped}`) });
  }
  const population = POPULATION_SWAPS.find(([pattern]) => pattern.test(sentence));
  const groups = POPULATION_GROUPS.filter((group) => group.test(sentence)).length;
  if (population && groups <= 1) out.push({ kind: 'population_swapped', step: sentence.replace(population[0], population[1]) });
  const timing = TIMING.exec(sentence);
  if (timing) {
    const [whole, preposition, low, high, unit] = timing;
    const changed = high ? `${preposition} ${Number(low) * 3} to ${Number(high) * 3} ${unit}` : `${preposition} ${Number(low) * 3} ${unit}`;
    out.push({ kind: 'frequency_changed', step: sentence.replace(whole, changed) });
  } else if (/\b(daily|once a day|twice a day|twice daily)\b/.test(sentence)) {
    out.push({ kind: 'frequency_changed', step: sentence.replace(/\b(daily|once a day|twice a day|twice daily)\b/, (word) => (word === 'daily' ? 'weekly' : 'four times a day')) });
  }
  return out.filter((flip) => flip.step !== sentence);
}

const NUMBER_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const UNIT_NAMES: Record<string, string> = { mg: 'milligrams', g: 'grams', ml: 'millilitres', mcg: 'micrograms' };

/** Rewordings a generator could write that keep the sentence's meaning; null when none applies. */
export function paraphrase(sentence: string): string | null {
  let text = sentence;
  const negatedStart = NEGATED_START.exec(text);
  if (negatedStart) text = `Never ${text.slice(negatedStart[0].length - 1)}`;
  else if (IMPERATIVE.test(text)) text = `You should ${lowerFirst(text)}`;
  text = text.replace(/\b(\d+(?:\.\d+)?)\s?(mg|g|ml|mcg)\b/, (_, value: string, unit: string) => `${value} ${UNIT_NAMES[unit]}`);
  text = text.replace(/(?<![\d.])\b([2-9]|10) (times|doses|days|hours|weeks|tablets)\b/, (_, value: string, noun: string) => `${NUMBER_NAMES[Number(value)]} ${noun}`);
  text = text.replace(/\bper day\b/, 'a day').replace(/\bdo not\b/, 'never');
  text = text.replace(/;\s+[^;]*$/, '.');
  text = text.replace(/\s*\([^)]*\)/g, '');
  return text !== sentence ? text : null;
}

/** Deterministic half of every origin sentence: pairs from one sentence stay in one half. */
export const splitOf = (key: string): 'tune' | 'test' => (createHash('sha256').update(key).digest()[0] % 2 === 0 ? 'tune' : 'test');

const DESCRIPTION =
  'Faithful and flipped checklist steps with the source they cite (an index into sources); split by source sentence into tune and test halves. Built by bench/src/build-grounding-pairs.ts, then frozen.';

/** One line per pair, each source passage stored once. */
export function serialisePairs(pairs: GroundingPair[], description = DESCRIPTION): string {
  const sources = [...new Set(pairs.map((pair) => pair.source))];
  const index = new Map(sources.map((source, i) => [source, i]));
  const lines = pairs.map((pair) => `  ${JSON.stringify({ ...pair, source: index.get(pair.source) })}`);
  return `{\n"description": ${JSON.stringify(description)},\n"sources": ${JSON.stringify(sources)},\n"pairs": [\n${lines.join(',\n')}\n]\n}\n`;
}

export function loadPairs(path: string): GroundingPair[] {
  const file = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; pairs: (Omit<GroundingPair, 'source'> & { source: number })[] };
  return file.pairs.map((pair) => ({ ...pair, source: file.sources[pair.source] }));
}
