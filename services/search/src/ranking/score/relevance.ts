import { Injectable } from '@nestjs/common';
import { RANKING_PROFILE } from '../ranking-profile.js';
import { relevanceProbability, toRelevanceScale } from './relevance-model.js';
import { relevanceSignals, type RelevanceSignals, type SubjectPhrase } from './relevance-signals.js';
import { titlePhrases } from '../../subject/document-subject.js';
import { abbreviationsIn } from '../understand/query-enhancer.js';
import { derivedFromTerms } from '../understand/clinical-terms.js';
import { WORD_LISTS } from '../understand/word-lists.js';
import { vocabularyTermSynonyms } from '../understand/medical-vocabulary.js';
import { mentionsFeverishTemperature } from '../understand/temperature-reading.js';
import { phraseWords, queryTerms, stopwords, wordTokens } from '../understand/query-text.js';
import { stem } from '@cairn/rules';
import type { IndexedChunk } from '../../chunks/chunk.js';
import { wordSpecificity } from './word-rarity.js';
import { HEADLINE_MATCH, TEXT_MATCH } from './relevance-signals.js';

/** One idea of the query (a word, or a phrase like "heart attack") and the ways a text can say it. */
export interface Concept {
  weight: number;
  /** How specific its words are in English at large, 0..1 (see wordSpecificity). */
  specificity: number;
  /** Each alternative is a list of stems that must all appear. */
  alternatives: string[][];
}

const { taskWords: TASK_WORDS, relationWords: RELATIONS } = WORD_LISTS;
/** Numbers and units say how much rather than what about; they count least. */
const AMOUNT = /^(?:\d*(?:mg|mcg|g|kg|ml|l|mmol|mm|cm|mmhg|iu|h|hr|hrs|min|mins)|\d+|units?|percent|per|hours?|minutes?|days?|weeks?|months?|years?)$/;
const { conceptWeights, termSpecificity: TERM_SPECIFICITY } = RANKING_PROFILE.score;

const stems = (text: string) => wordTokens(text).map(stem);
/** A curated topic's stems, how many content words it has, and its head. */
interface TopicPhrase {
  stems: string[];
  size: number;
  head: string;
}

const isStopword = (word: string) => stopwords.has(word);
const stopwordStems = new Set([...stopwords].map(stem));

/** The phrases of a disease or topic: "Concussion (Mild Traumatic Brain Injury)" is two. */
const phrasesOf = (topic: string) => topic.split(/[()]/).filter((phrase) => wordTokens(phrase).some((token) => !isStopword(token)));

/** The head is the word before the first stopword after the content starts ("fever in travellers"), else the last. */
function topicPhrase(phrase: string): TopicPhrase {
  const tokens = wordTokens(phrase);
  const words = tokens.slice(tokens.findIndex((token) => !isStopword(token)));
  const firstStopword = words.findIndex((token) => isStopword(token));
  const content = words.filter((token) => !isStopword(token));
  const head = firstStopword > 0 ? words[firstStopword - 1] : content[content.length - 1];
  return { stems: tokens.map(stem), size: content.length, head: stem(head) };
}

/**
 * Whether a topic says a concept: all its stems are in the topic, and they are the topic's head or at
 * least half its content words ("pill" does not name "single-pill combination", nor "blood" "high
 * blood pressure").
 */
function namesTopic(alternative: string[], topic: TopicPhrase): boolean {
  if (!alternative.every((s) => topic.stems.includes(s))) return false;
  return alternative.includes(topic.head) || 2 * alternative.filter((s) => !stopwordStems.has(s)).length >= topic.size;
}

const singularTokens = (text: string) => phraseWords(text).map((word) => word.singular);
/**
 * Synonym groups, and each lay term with what it means: a query naming any member (its words as
 * singulars) may be answered by any alternative.
 */
const synonymIndex = derivedFromTerms((terms) => {
  const groups = [
    ...terms.synonyms.map((group) => ({ members: group.map(singularTokens), alternatives: group.map(stems) })),
    ...Object.entries(terms.lay_terms).map(([lay, { means }]) => ({ members: [singularTokens(lay)], alternatives: [stems(lay), ...means.map(stems)] })),
  ];
  /** The groups by the first word of each member: only those a query's words can start are tried. */
  const byFirstWord = new Map<string, number[]>();
  groups.forEach((group, index) => {
    for (const [first] of group.members) if (first) byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), index]);
  });
  return { groups, byFirstWord };
});

/** Each alternative once. */
function distinct(alternatives: string[][]): string[][] {
  return [...new Map(alternatives.map((alternative) => [alternative.join(' '), alternative])).values()];
}

function containsPhrase(words: string[], phrase: string[]): number {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/** Makes the query's words of one phrase one concept, said by the phrase or any of these alternatives. */
function mergeInto(concepts: Map<string, Concept>, phrase: string[], alternatives: string[][]): void {
  const present = [...new Set(phrase)].filter((word) => concepts.has(word));
  const merged = present.map((word) => concepts.get(word)!);
  if (merged.length === 0) return;
  const concept: Concept = {
    weight: Math.max(...merged.map((c) => c.weight)),
    specificity: Math.max(TERM_SPECIFICITY, ...merged.map((c) => c.specificity)),
    alternatives: distinct([present.map(stem), ...alternatives, ...(present.length === 1 ? merged[0].alternatives : [])]),
  };
  present.forEach((word) => concepts.delete(word));
  concepts.set(present.join(' '), concept);
}

/** Splits a query into weighted concepts with their clinical synonyms and expansions (the overlay's, then the public vocabularies'). */
export function queryConcepts(query: string): Concept[] {
  const relations = wordTokens(query).filter((word) => RELATIONS.has(word));
  const words = [...new Set([...queryTerms(query), ...relations, ...(mentionsFeverishTemperature(query) ? ['fever'] : [])])];
  const abbreviations = abbreviationsIn(query);
  const concepts = new Map<string, Concept>(
    words.map((word) => [
      word,
      {
        weight: TASK_WORDS.has(word) ? conceptWeights.task : AMOUNT.test(word) || RELATIONS.has(word) ? conceptWeights.amount : conceptWeights.subject,
        specificity: wordSpecificity(word),
        alternatives: [[stem(word)], ...(abbreviations.get(word) ?? []).map(stems)],
      },
    ]),
  );
  // Phrases are found among all the query's words ("after having the baby"), then stand for the content words they span.
  const matched = phraseWords(query);
  const tokens = matched.map(({ word }) => word);
  const singulars = matched.map((word) => word.singular);
  const { groups, byFirstWord } = synonymIndex();
  const tried = [...new Set(singulars.flatMap((word) => byFirstWord.get(word) ?? []))].sort((a, b) => a - b);
  for (const group of tried.map((index) => groups[index])) {
    const found = group.members.map((phrase) => ({ at: containsPhrase(singulars, phrase), length: phrase.length })).find(({ at }) => at >= 0);
    if (found) mergeInto(concepts, tokens.slice(found.at, found.at + found.length), group.alternatives);
  }
  for (const { term, synonyms } of vocabularyTermSynonyms(query)) mergeInto(concepts, wordTokens(term), synonyms.map((synonym) => stems(synonym.text)));
  return [...concepts.values()];
}

/** How much of the query a chunk covers, 0..1: weighted share of concepts found, headline finds counting fully. */
export function coverage(concepts: Concept[], headline: Set<string>, text: Set<string>): number {
  return weightedShare(concepts, (concept) => {
    const has = (set: Set<string>) => concept.alternatives.some((alternative) => alternative.every((s) => set.has(s)));
    return has(headline) ? HEADLINE_MATCH : has(text) ? TEXT_MATCH : 0;
  });
}

/** The concepts' weighted share, each counted by how well (0..1) the chunk matches it. */
function weightedShare(concepts: Concept[], match: (concept: Concept) => number): number {
  const total = concepts.reduce((sum, concept) => sum + concept.weight, 0);
  if (total === 0) return 0;
  return concepts.reduce((found, concept) => found + concept.weight * match(concept), 0) / total;
}

const CACHE_LIMIT = 5000;

interface ChunkStems {
  headline: Set<string>;
  text: Set<string>;
  /** The stems of the disease and topics together (a quick first test), and each of their phrases. */
  topic: Set<string>;
  topics: TopicPhrase[];
  title: Set<string>;
  section: Set<string>;
  subjects: SubjectPhrase[];
}

/** What a hit is about: its title, the part before a colon or dash, and its bracketed names. */
function subjectPhrases(chunk: IndexedChunk): SubjectPhrase[] {
  const { bracketed } = titlePhrases(chunk.title);
  const lead = chunk.title.split(/:|\s[-–—]\s/)[0];
  return [...new Set([chunk.title, lead, ...bracketed])]
    .map(queryTerms)
    .filter((words) => words.length > 0)
    .map((words) => ({ stems: words.map(stem), specificity: words.map(wordSpecificity) }));
}
const NO_STEMS = new Set<string>();

@Injectable()
export class RelevanceScorer {
  private readonly calibration = RANKING_PROFILE.score.calibration;

  private readonly cache = new Map<string, ChunkStems>();
  /** The same, for the chunk objects of the searches under way, found without building a key. */
  private readonly byChunk = new WeakMap<IndexedChunk, ChunkStems>();

  concepts(query: string): Concept[] {
    return queryConcepts(query);
  }

  /** Spec `score`: 0–10 on the calibrated relevance scale, 6 or more meaning the hit is about the query. */
  score(concepts: Concept[], chunk: IndexedChunk, vectorSimilarity: number | null, embedderModelId: string | null): number {
    const model = this.calibration;
    return toRelevanceScale(relevanceProbability(model, this.signals(concepts, chunk, vectorSimilarity), embedderModelId), model.threshold);
  }

  /** What the relevance model reads of a hit (also what calibration fits on). */
  signals(concepts: Concept[], chunk: IndexedChunk, vectorSimilarity: number | null): RelevanceSignals {
    return relevanceSignals(concepts, this.stemsOf(chunk), vectorSimilarity);
  }

  /** The raw 0..1 coverage behind the score (what calibration works on). */
  coverage(concepts: Concept[], chunk: IndexedChunk): number {
    const { headline, text } = this.stemsOf(chunk);
    return coverage(concepts, headline, text);
  }

  /** How much of the query the chunk's disease and topics (curated metadata, not its words) name, 0..1. */
  topicCoverage(concepts: Concept[], chunk: IndexedChunk): number {
    const { topic, topics } = this.stemsOf(chunk);
    const names = (alternative: string[]) => alternative.every((s) => topic.has(s)) && topics.some((one) => namesTopic(alternative, one));
    return weightedShare(concepts, (concept) => (concept.alternatives.some(names) ? 1 : 0));
  }

  /** How much of the query the protocol's title and the chunk's section name cover, each 0..1, summed. */
  namingCoverage(concepts: Concept[], chunk: IndexedChunk): number {
    const { title, section } = this.stemsOf(chunk);
    return coverage(concepts, title, NO_STEMS) + coverage(concepts, section, NO_STEMS);
  }

  private stemsOf(chunk: IndexedChunk): ChunkStems {
    let entry = this.byChunk.get(chunk);
    if (entry) return entry;
    const key = [chunk.id, chunk.title, chunk.disease, chunk.section, ...chunk.topics, chunk.body.length].join('\0');
    entry = this.cache.get(key);
    if (!entry) {
      const title = stems(chunk.title);
      const section = stems(chunk.section);
      const topics = [chunk.disease, ...chunk.topics];
      const topic = stems(topics.join(' '));
      entry = {
        headline: new Set([...title, ...topic]),
        text: new Set([...section, ...stems(chunk.body)]),
        topic: new Set(topic),
        topics: topics.flatMap(phrasesOf).map(topicPhrase),
        title: new Set(title),
        section: new Set(section),
        subjects: subjectPhrases(chunk),
      };
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, entry);
    }
    this.byChunk.set(chunk, entry);
    return entry;
  }
}
