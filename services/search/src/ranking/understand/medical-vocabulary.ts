import { readFileSync } from 'node:fs';
import { stem } from '@cairn/rules';
import { RANKING_PROFILE } from '../ranking-profile.js';
import { wordSpecificity } from '../score/word-rarity.js';
import { stopwords, wordTokens } from './query-text.js';
import { isDictionaryWord } from '../../keyword/spelling/common-english.js';

const stopwordStems = new Set([...stopwords].map(stem));

/** Where a concept comes from: the Disease Ontology, the Symptom Ontology, HPO's lay synonyms, DrugBank's open vocabulary, Wikipedia's medical abbreviations, WordNet. */
export interface VocabularyConcept {
  source: 'do' | 'symp' | 'hpo' | 'drugbank' | 'wikipedia' | 'wordnet';
  /** Its preferred name first, then its synonyms. */
  terms: string[];
}

export interface CompiledVocabulary {
  note: string;
  sources: Record<string, { file: string; sha256: string }>;
  concepts: VocabularyConcept[];
}

/** A term found in a text: the words as the text wrote them, and the concept's source. */
export interface FoundTerm {
  text: string;
  source: VocabularyConcept['source'];
}

interface TermEntry {
  stems: string[];
  source: VocabularyConcept['source'];
}

/** A term of only everyday words ('cold', 'fall', 'sign') names no subject on its own. */
const isEveryday = (words: string[]) => words.every((word) => wordSpecificity(word) <= RANKING_PROFILE.understand.everydayTermSpecificity);

type TermIndex = Map<string, TermEntry[]>;

let compiledOnce: CompiledVocabulary | null = null;
/** The compiled vocabulary, read once for every index built from it. */
const compiledVocabulary = () =>
  (compiledOnce ??= JSON.parse(readFileSync(new URL('../../../vocabulary/medical-vocabulary.json', import.meta.url), 'utf8')) as CompiledVocabulary);

function buildTermIndex(keep: (words: string[]) => boolean): TermIndex {
  const compiled = compiledVocabulary();
  const index: TermIndex = new Map();
  for (const concept of compiled.concepts) {
    for (const term of concept.terms) {
      const words = wordTokens(term);
      if (words.length === 0 || !keep(words)) continue;
      const stems = words.map(stem);
      const list = index.get(stems[0]) ?? [];
      if (!list.some((entry) => entry.stems.join(' ') === stems.join(' '))) list.push({ stems, source: concept.source });
      index.set(stems[0], list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return index;
}

let subjectTerms: TermIndex | null = null;
let queryTerms: TermIndex | null = null;
/** Terms that name a subject on their own. */
const subjectIndex = () => (subjectTerms ??= buildTermIndex((words) => !isEveryday(words)));
/** Terms a question may use: also lay phrases of everyday words ('heart attack', 'throwing up'), never a lone everyday word. */
const queryIndex = () => (queryTerms ??= buildTermIndex((words) => words.length > 1 || !isEveryday(words)));

function termsIn(text: string, index: TermIndex): FoundTerm[] {
  const words = wordTokens(text);
  const stems = words.map(stem);
  const found: FoundTerm[] = [];
  for (let i = 0; i < stems.length; ) {
    const entry = index.get(stems[i])?.find((candidate) => candidate.stems.every((s, k) => stems[i + k] === s));
    if (!entry) {
      i++;
      continue;
    }
    found.push({ text: words.slice(i, i + entry.stems.length).join(' '), source: entry.source });
    i += entry.stems.length;
  }
  return found;
}

let termWords: Set<string> | null = null;

/** A word of this many concepts is the vocabulary's own, not a misspelling one source keeps ('beaver feaver'). */
const SEVERAL_CONCEPTS = 2;
/** Units a number carries ('15 mg', '4 hr'): never an abbreviation of something else (MG, HR). */
const UNITS = new Set(['mg', 'mcg', 'kg', 'ml', 'hr', 'hrs', 'min', 'mins', 'mmol', 'iu', 'cm', 'mm']);

/**
 * Whether a word is a word of the vocabulary's terms ('flu', 'epistaxis'), in several of its concepts: a
 * typist who wrote it meant it. Abbreviations are left out: 'fevr' is a typo of fever, however FEVR reads
 * in capitals.
 */
export const isVocabularyWord = (word: string): boolean => vocabularyWords().has(word);

function vocabularyWords(): Set<string> {
  if (termWords) return termWords;
  const concepts = new Map<string, number>();
  for (const concept of compiledVocabulary().concepts) {
    for (const word of new Set(concept.terms.filter((term) => !isAbbreviation(term)).flatMap((term) => wordTokens(term)))) concepts.set(word, (concepts.get(word) ?? 0) + 1);
  }
  termWords = new Set([...concepts].filter(([, count]) => count >= SEVERAL_CONCEPTS).map(([word]) => word));
  return termWords;
}

/** Reads the vocabulary into memory now, so that the first question does not wait for it. */
export function loadVocabulary(): void {
  subjectIndex();
  queryIndex();
  conceptIndex();
  vocabularyWords();
}

/** The vocabulary's terms a text names, longest first at each word and never overlapping, as the text wrote them. */
export const vocabularyTermsIn = (text: string): FoundTerm[] => termsIn(text, subjectIndex());

/** A synonym the vocabulary gives for a term of a text, and the source it comes from. */
export interface VocabularySynonym {
  text: string;
  source: VocabularyConcept['source'];
}

/** Terms worth searching for: plain words, at most four; no formulas ('p-acetamidophenol'), Latin names ('paracetamolum') or catalogue suffixes ('NOS'). */
const isSearchable = (term: string) =>
  /^[a-z][a-z' -]*$/i.test(term) && term.split(/\s+/).length <= 4 && !/(^|[ -])[a-z]-|-[a-z]\b/i.test(term) && !/(um|\bnos)$/i.test(term);

let conceptsByTerm: Map<string, VocabularyConcept[]> | null = null;

function conceptIndex(): Map<string, VocabularyConcept[]> {
  if (conceptsByTerm) return conceptsByTerm;
  const compiled = compiledVocabulary();
  conceptsByTerm = new Map();
  for (const concept of compiled.concepts) {
    for (const term of concept.terms) {
      const key = wordTokens(term).map(stem).join(' ');
      const list = conceptsByTerm.get(key) ?? [];
      list.push(concept);
      conceptsByTerm.set(key, list);
    }
  }
  return conceptsByTerm;
}

/** A term a text names, with the concepts it names there: its plain synonyms' concepts, and the abbreviation meanings read for it. */
interface ReadTerm {
  typed: string;
  others: (concept: VocabularyConcept) => string[];
  plain: VocabularyConcept[];
  meant: VocabularyConcept[];
}

/**
 * The vocabulary's terms a text names, each with what it means there. A term of several concepts that
 * disagree is read from the rest of the text: only the concepts sharing a word with it count, and none
 * when no concept does.
 */
function readTerms(text: string): ReadTerm[] {
  if (lastRead?.text !== text) lastRead = { text, terms: readTermsAfresh(text) };
  return lastRead.terms;
}

/** The last question read: its enhancement, its BM25 alternatives and its relevance concepts all read it. */
let lastRead: { text: string; terms: ReadTerm[] } | null = null;

function readTermsAfresh(text: string): ReadTerm[] {
  const textStems = wordTokens(text).map(stem);
  const capitals = new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1 && word === word.toUpperCase()).map((word) => word.toLowerCase()));
  return termsIn(text, queryIndex()).map((term) => {
    const termStems = wordTokens(term.text).map(stem);
    const key = termStems.join(' ');
    const context = new Set(textStems.filter((word) => !termStems.includes(word) && !stopwordStems.has(word)));
    const keyOf = (candidate: string) => wordTokens(candidate).map(stem).join(' ');
    const others = (concept: VocabularyConcept) =>
      HEADED.has(concept.source) ? (keyOf(concept.terms[0]) === key ? [] : [concept.terms[0]]) : concept.terms.filter((candidate) => keyOf(candidate) !== key);
    const sharesContext = (concept: VocabularyConcept) => others(concept).some((candidate) => wordTokens(candidate).some((word) => context.has(stem(word))));
    const writtenAs = (concept: VocabularyConcept) => concept.terms.find((candidate) => keyOf(candidate) === key) ?? '';
    const typed = term.text.toLowerCase();
    const written = (concept: VocabularyConcept) => writtenAs(concept).toLowerCase();
    const named = conceptIndex().get(key) ?? [];
    const asTyped = named.some((concept) => isAbbreviation(writtenAs(concept)) && written(concept) === typed);
    const writesAnother = (concept: VocabularyConcept) => isAbbreviation(writtenAs(concept)) && written(concept) !== typed && (asTyped || `${written(concept)}s` !== typed);
    const concepts = named.filter((concept) => !writesAnother(concept));
    const abbreviations = concepts.filter((concept) => isAbbreviation(writtenAs(concept)));
    const readAsAbbreviation = capitals.has(typed) || (!isEveryday([typed]) && !isDictionaryWord(typed) && !UNITS.has(typed));
    const meant = isAmbiguous(abbreviations, keyOf) ? abbreviations.filter(sharesContext) : readAsAbbreviation ? abbreviations : [];
    return { typed, others, plain: concepts.filter((concept) => !abbreviations.includes(concept)), meant };
  });
}

/** Each term a text names with the synonyms the vocabulary gives for it there ('heart attack' → 'myocardial infarction'). */
export function vocabularyTermSynonyms(text: string): { term: string; synonyms: VocabularySynonym[] }[] {
  const said = new Set(wordTokens(text).map(stem));
  /** A synonym of words the text already says ('dengue' of 'dengue fever') would only count them twice. */
  const addsWords = (candidate: string) => wordTokens(candidate).some((word) => !said.has(stem(word)));
  return readTerms(text).map(({ typed, others, plain, meant }) => {
    const synonyms: VocabularySynonym[] = [];
    for (const concept of [...plain, ...meant]) {
      for (const candidate of others(concept)) {
        if (isSearchable(candidate) && addsWords(candidate) && !synonyms.some((synonym) => synonym.text === candidate.toLowerCase())) synonyms.push({ text: candidate.toLowerCase(), source: concept.source });
      }
    }
    return { term: typed, synonyms };
  });
}

/** The synonyms the vocabulary gives for the terms a text names, each once, abbreviations read as readTerms reads them. */
export function vocabularySynonyms(text: string): VocabularySynonym[] {
  const synonyms = new Map<string, VocabularySynonym>();
  for (const term of vocabularyTermSynonyms(text)) for (const synonym of term.synonyms) if (!synonyms.has(synonym.text)) synonyms.set(synonym.text, synonym);
  return [...synonyms.values()];
}

/** The abbreviations a text names that the vocabulary reads for one meaning there, each with that meaning's name ('DKA' → diabetic ketoacidosis). */
export function vocabularyAbbreviations(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { typed, meant } of readTerms(text)) {
    const names = [...new Set(meant.map((concept) => concept.terms[0]).filter((name) => !isAbbreviation(name) && isSearchable(name)).map((name) => name.toLowerCase()))];
    if (names.length > 0) found.set(typed, names);
  }
  return found;
}

/**
 * Sources whose concepts lead to their first term only: Wikipedia's long form of an abbreviation
 * (never the abbreviation for a long form: 'inhaler' is no INH), WordNet's head word of a brand or
 * lay name ('Tylenol' → acetaminophen, never acetaminophen → every brand).
 */
const HEADED = new Set<VocabularyConcept['source']>(['wikipedia', 'wordnet']);

/** An abbreviation of two meanings that share no term (BP: blood pressure, bipolar disorder), not one meaning several sources give. */
const isAmbiguous = (concepts: VocabularyConcept[], keyOf: (term: string) => string) =>
  concepts.some((a) => concepts.some((b) => !a.terms.some((term) => b.terms.some((other) => keyOf(other) === keyOf(term) && !isAbbreviation(term)))));

/** A term the vocabulary writes in capitals ('AIDS', 'GERD', 'MS'): an abbreviation, which may mean several things. */
const isAbbreviation = (term: string) => term.length <= 6 && /^[A-Z0-9-]+$/.test(term) && /[A-Z]/.test(term);
