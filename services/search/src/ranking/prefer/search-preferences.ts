import type { IndexedChunk } from '../../chunks/chunk.js';
import { preferenceRanking, type Preference } from './preferences.js';
import { populationsIn, queryPopulation, withoutPopulation, type Population } from '../understand/population.js';
import type { Concept, RelevanceScorer } from '../score/relevance.js';
import { RANKING_PROFILE } from '../ranking-profile.js';

/** How many of the best-ranked candidates the preferences may reorder. */
export const PREFERENCE_DEPTH = RANKING_PROFILE.prefer.depth;
const { topicWeight, topicMinCoverage, namingWeight, populationWeight } = RANKING_PROFILE.prefer;

const populationsOf = (chunk: IndexedChunk) => populationsIn([chunk.title, chunk.disease, ...chunk.topics, chunk.section].join(' '));

/**
 * What a query prefers among the candidates: protocols whose curated disease and topics are what it
 * asks about (they cover topicMinCoverage of it, counting each concept once or by its specificity)
 * and whose title is not for another population (no newborn protocol for a grandad), best covered by
 * specificity first, in their topics and then in the chunk's own words (a chunk whose words merely
 * mention it ranks below), then in their title and section name, and of the best, the ones whose
 * title or section names the population the query asks about (a toddler's fever, an adult's asthma
 * attack).
 */
export function searchPreferences(candidates: IndexedChunk[], query: string, relevance: RelevanceScorer): Preference[] {
  const concepts = relevance.concepts(withoutPopulation(query));
  const topic = bySpecificity(concepts, candidates, relevance);
  const population = queryPopulation(query);
  const coverages = new Map(
    candidates.map((chunk) => {
      const specific = relevance.topicCoverage(topic, chunk);
      const about = Math.max(specific, relevance.topicCoverage(concepts, chunk)) >= topicMinCoverage && !isForOthers(chunk, population);
      return [chunk.id, about ? specific + relevance.coverage(topic, chunk) : 0];
    }),
  );
  const onTopic = (chunk: IndexedChunk) => coverages.get(chunk.id)!;
  const named = (chunk: IndexedChunk) => (onTopic(chunk) > 0 ? onTopic(chunk) + namingWeight * relevance.namingCoverage(topic, chunk) : 0);
  const best = Math.max(0, ...candidates.map(onTopic));
  const forPopulation = (chunk: IndexedChunk) => (population && best > 0 && onTopic(chunk) === best && populationsOf(chunk).has(population) ? 1 : 0);
  return [
    { ranking: preferenceRanking(candidates, named), weight: topicWeight },
    { ranking: preferenceRanking(candidates, forPopulation), weight: populationWeight },
  ];
}

/**
 * The concepts weighted by how few of the candidates say them (1 + ln((n + 1) / (m + 1)), an idf over
 * the candidates): a word most of them hold ("high risk", "fever") tells less about which protocol is
 * meant than one only a few hold ("paxlovid").
 */
function bySpecificity(concepts: Concept[], candidates: IndexedChunk[], relevance: RelevanceScorer): Concept[] {
  return concepts.map((concept) => {
    const holding = candidates.filter((chunk) => relevance.coverage([concept], chunk) > 0).length;
    return { ...concept, weight: concept.weight * (1 + Math.log((candidates.length + 1) / (holding + 1))) };
  });
}

/** Whether a protocol's title names only another population than the query's ('Newborn resuscitation' for an adult). */
function isForOthers(chunk: IndexedChunk, population: Population | null): boolean {
  const named = populationsIn(chunk.title);
  return population !== null && named.size > 0 && !named.has(population);
}
