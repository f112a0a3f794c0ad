import { isCommonEnglishWord, isEverydayWord } from '../../keyword/spelling/common-english.js';
import { phraseWords, singular, typedWords, wordTokens } from './query-text.js';
import { RANKING_PROFILE } from '../ranking-profile.js';
import { isVocabularyWord, vocabularyAbbreviations, vocabularySynonyms } from './medical-vocabulary.js';
import { clinicalTerms, derivedFromTerms } from './clinical-terms.js';
import { mentionsFeverishTemperature } from './temperature-reading.js';
import { namedCounts } from './named-counts.js';

const { reliability, weight, maxSynonyms } = RANKING_PROFILE.understand.vocabulary;

/** A word or phrase that means what the query means, matched at this share of a query word. */
export interface WeightedSynonym {
  text: string;
  weight: number;
}

/** The public vocabularies' synonyms of the query's terms, most trusted first, each weighted by its source's reliability. */
export const vocabularyAlternatives = (query: string): WeightedSynonym[] =>
  vocabularySynonyms(query)
    .sort((a, b) => reliability[b.source] - reliability[a.source])
    .slice(0, maxSynonyms)
    .map((synonym) => ({ text: synonym.text, weight: weight * reliability[synonym.source] }));

/** What search reads a query's terms as besides its own words: the overlay's expansions, then the public vocabularies' synonyms ('paracetamol' is also 'acetaminophen'). */
export function queryExpansions(query: string): string[] {
  return [...new Set([...enhanceQuery(query).added, ...vocabularyAlternatives(query).map((synonym) => synonym.text)])];
}

export interface EnhancedQuery {
  text: string;
  added: string[];
}

const phrase = (text: string) => ` ${phraseWords(text).map((word) => word.singular).join(' ')} `;
/** A table entry's words as searched for: the phrase, and its first word to rule it out quickly. */
const entry = (text: string) => ({ text, phrase: phrase(text), first: phraseWords(text)[0]?.singular ?? '' });
const FEVER = entry('fever');

/** The terms as searched for: phrases prepared once per table, not per query. */
const prepared = derivedFromTerms((terms) => ({
  synonymPhrases: terms.synonyms.map((group) => group.map(entry)),
  layPhrases: Object.entries(terms.lay_terms).map(([lay, { means }]) => ({ ...entry(lay), means: means.map(entry) })),
  abbreviationEntries: new Map(Object.values(terms.abbreviations).flat().map((expansion) => [expansion, entry(expansion)])),
  /** Every word of the lay terms and synonyms ("breakbone", "pear" of "pear drops"), as singulars. */
  tableWords: new Set([...Object.keys(terms.lay_terms), ...terms.synonyms.flat()].flatMap(wordTokens).map(singular)),
}));

/** An abbreviation's expansions, also for its plural ('AEDs'), unless the word is everyday English ('acts' is no plural of ACT). */
export const abbreviationOf = (token: string): string[] | undefined =>
  clinicalTerms().abbreviations[token] ?? (isCommonEnglishWord(token) ? undefined : clinicalTerms().abbreviations[singular(token)]);

/**
 * The abbreviations a text names, each with its expansions: the overlay's, then those the public
 * vocabularies read for one meaning there. An everyday word that is also an abbreviation ('fast
 * acting', 'act now') names it only in capitals (FAST, ACT).
 */
export function abbreviationsIn(text: string): Map<string, string[]> {
  const capitals = new Set(typedWords(text).filter((word) => word === word.toUpperCase()).map((word) => word.toLowerCase()));
  const found = new Map<string, string[]>();
  for (const token of new Set(wordTokens(text))) {
    const expansions = abbreviationOf(token);
    if (expansions && (capitals.has(token) || !isEverydayWord(token))) found.set(token, expansions);
  }
  for (const [token, names] of vocabularyAbbreviations(text)) if (!found.has(token) && abbreviationOf(token) === undefined) found.set(token, names);
  return found;
}

/** Whether the overlay or the public vocabularies know the word, as an abbreviation or in a term: it is no typo. */
export function isClinicalTerm(word: string): boolean {
  return abbreviationOf(word) !== undefined || prepared().tableWords.has(singular(word)) || isVocabularyWord(word) || isVocabularyWord(singular(word));
}

/**
 * Expands clinical abbreviations (MI, CVA, DKA, FAST, …), lay words (toddler → child, flu → influenza,
 * a temperature of 38 °C or more → fever) and synonyms (heart attack ↔ myocardial infarction, British
 * ↔ American spellings) from the curated overlay in clinical-terms.json, and a count a name ends with in
 * words ('sepsis 6' → 'sepsis six'). The original query stays first;
 * expansions are appended once each.
 */
export function enhanceQuery(query: string): EnhancedQuery {
  const normalised = phrase(query);
  const added: string[] = [];
  const add = (expansion: { text: string; phrase: string }) => {
    if (!normalised.includes(expansion.phrase) && !added.includes(expansion.text)) added.push(expansion.text);
  };
  const { synonymPhrases, layPhrases, abbreviationEntries } = prepared();
  const says = (text: string, words: Set<string>) => (found: { phrase: string; first: string }) => words.has(found.first) && text.includes(found.phrase);
  for (const expansions of abbreviationsIn(query).values()) expansions.map((expansion) => abbreviationEntries.get(expansion) ?? entry(expansion)).forEach(add);
  const inQuery = says(normalised, new Set(normalised.split(' ')));
  for (const lay of layPhrases) if (inQuery(lay)) lay.means.forEach(add);
  if (mentionsFeverishTemperature(query)) add(FEVER);
  namedCounts(query).map(entry).forEach(add);
  const expanded = phrase(`${query} ${added.join(' ')}`);
  const inExpanded = says(expanded, new Set(expanded.split(' ')));
  for (const group of synonymPhrases) if (group.some(inExpanded)) group.forEach(add);
  return { text: added.length ? `${query} ${added.join(' ')}` : query, added };
}
