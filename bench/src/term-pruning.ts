import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stem } from '@cairn/rules';
import { createEmbedder, enhanceQuery, loadSearchConfig, readOverlay, type SearchService, shippedOverlay, useClinicalTerms, vocabularySynonyms, type ClinicalTermsOverlay } from '@cairn/search';
import { halfOf, loadClinicalQueries } from './clinical-queries.js';
import { clinicalQueriesFile, documentRanking, judge, searchOptions, starterSearch } from './clinical-retrieval.js';
import { indexCollection } from './collection-retrieval.js';
import { loadNfCorpus, repoRoot } from './datasets.js';
import { ndcgAt } from './metrics.js';

/** The overlay stays small enough for a person to check every entry and its reason (`--max N` to try another size); pinned entries come on top. */
const maxFlag = process.argv.indexOf('--max');
const MAX_ENTRIES = maxFlag > 0 ? Number(process.argv[maxFlag + 1]) : 100;
const overlayFile = resolve(repoRoot, 'services/search/src/ranking/understand/clinical-terms.json');
const vocabularyFile = resolve(repoRoot, 'services/search/vocabulary/medical-vocabulary.json');

type Entry =
  | { kind: 'abbreviation'; key: string; means: string[]; why: string; pinned?: boolean }
  | { kind: 'lay'; key: string; means: string[]; why: string; pinned?: boolean }
  | { kind: 'synonym'; key: string; terms: string[]; why: string };

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const phraseKey = (text: string) => words(text).map(stem).join(' ');

function entriesOf(overlay: ClinicalTermsOverlay): Entry[] {
  return [
    ...Object.entries(overlay.abbreviations).map(([key, entry]) => ({ kind: 'abbreviation' as const, key, ...entry })),
    ...Object.entries(overlay.lay_terms).map(([key, entry]) => ({ kind: 'lay' as const, key, ...entry })),
    ...overlay.synonyms.map(({ terms, why }) => ({ kind: 'synonym' as const, key: terms.join(' | '), terms, why })),
  ];
}

function overlayOf(entries: Entry[], note: string): ClinicalTermsOverlay {
  const sorted = [...entries].sort((a, b) => a.key.localeCompare(b.key));
  return {
    note,
    abbreviations: Object.fromEntries(sorted.flatMap((entry) => (entry.kind === 'abbreviation' ? [[entry.key, { means: entry.means, why: entry.why, ...(entry.pinned && { pinned: true }) }]] : []))),
    lay_terms: Object.fromEntries(sorted.flatMap((entry) => (entry.kind === 'lay' ? [[entry.key, { means: entry.means, why: entry.why, ...(entry.pinned && { pinned: true }) }]] : []))),
    synonyms: sorted.flatMap((entry) => (entry.kind === 'synonym' ? [{ terms: entry.terms, why: entry.why }] : [])),
  };
}

/** Whether the public vocabularies already give what the entry says: its meaning for its term (each member's for a synonym group). */
function covered(entry: Entry): boolean {
  const gives = (text: string, wanted: string[]) => {
    const found = new Set(vocabularySynonyms(text).map((synonym) => phraseKey(synonym.text)));
    return wanted.some((meaning) => found.has(phraseKey(meaning)));
  };
  if (entry.kind === 'synonym') return entry.terms.every((term) => gives(term, entry.terms.filter((other) => other !== term)));
  return gives(entry.kind === 'abbreviation' ? entry.key.toUpperCase() : entry.key, entry.means);
}

/** Wikipedia's meanings of each abbreviation, from the compiled vocabulary. */
function wikipediaMeanings(): Map<string, string[]> {
  const compiled = JSON.parse(readFileSync(vocabularyFile, 'utf8')) as { concepts: { source: string; terms: string[] }[] };
  const meanings = new Map<string, string[]>();
  for (const { source, terms } of compiled.concepts) {
    if (source === 'wikipedia') meanings.set(terms[1].toLowerCase(), [...(meanings.get(terms[1].toLowerCase()) ?? []), terms[0]]);
  }
  return meanings;
}

/** Why no public vocabulary covers a kept entry, and what it is worth on the tune questions. */
function reason(entry: Entry, meanings: Map<string, string[]>, needed: number): string {
  const worth = `Needed by ${needed} tune question${needed === 1 ? '' : 's'}.`;
  if (entry.kind === 'synonym') return `None of the public vocabularies makes ${entry.terms.map((term) => `"${term}"`).join(', ')} one concept. ${worth}`;
  if (entry.kind === 'lay') return `${entry.why.replace(/\.?\s*None of the public vocabularies.*$/, '')}. None of the public vocabularies gives "${entry.means[0]}" for "${entry.key}". ${worth}`;
  const listed = meanings.get(entry.key) ?? [];
  const abbreviation = entry.key.toUpperCase();
  if (listed.length === 0) return `Wikipedia's list of medical abbreviations has no ${abbreviation}. ${worth}`;
  const known = listed.some((meaning) => entry.means.some((wanted) => phraseKey(wanted) === phraseKey(meaning)));
  return known
    ? `${abbreviation} has ${listed.length} meanings in Wikipedia's list (${listed.slice(0, 4).join('; ')}), and a question seldom says which; the protocols mean ${entry.means[0]}. ${worth}`
    : `Wikipedia's list gives ${abbreviation} only as ${listed.slice(0, 4).join('; ')}. ${worth}`;
}

/**
 * Chooses the curated overlay of query understanding. Starting from the public vocabularies alone, it
 * adds the entry of clinical-terms.json that most raises the tune questions it concerns (the clinical tune
 * queries over the starter corpus and the vocabulary queries' tune half over NFCorpus; top-1 plus nDCG@10, lazy greedy: a gain is measured again before it is taken), one at a time, while the
 * entry gains and fewer than 100 have been chosen. An entry the vocabularies already give is never
 * kept; a pinned one always is, beside the chosen. Rewrites clinical-terms.json with each kept entry's reason.
 */
/** A tune question: its text, and how good a ranking of its collection is (the first hit right, plus nDCG@10). */
interface Question {
  text: string;
  judge: (hits: string[]) => { top1: number; ndcg10: number };
  search: SearchService;
}

const readVocabularyQueries = () =>
  (JSON.parse(readFileSync(resolve(repoRoot, 'bench/data/vocabulary-queries.json'), 'utf8')) as { queries: { query: string; relevant: Record<string, number> }[] }).queries.filter(
    (query) => halfOf(query.query) === 'tune',
  );

async function main(): Promise<void> {
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: 'local' }));
  const starter = await starterSearch(embedder);
  const nfCorpus = await indexCollection(loadNfCorpus(), embedder, 'NFCorpus documents');
  const clinical = [...loadClinicalQueries(clinicalQueriesFile('tune')).filter((query) => query.half === 'tune'), ...loadClinicalQueries(clinicalQueriesFile('extra tune'))];
  const queries: Question[] = [
    ...clinical.map((query) => ({ text: query.query, search: starter.search, judge: (hits: string[]) => judge(documentRanking(hits), query.relevant) })),
    ...readVocabularyQueries().map((query) => ({
      text: query.query,
      search: nfCorpus.search,
      judge: (hits: string[]) => ({ top1: (query.relevant[hits[0]] ?? 0) > 0 ? 1 : 0, ndcg10: ndcgAt(hits, new Map(Object.entries(query.relevant)), 10) }),
    })),
  ];
  const figuresOf = async (query: Question) =>
    query.judge((await query.search.search({ ...searchOptions, query: query.text, mode: 'hybrid', enhance: true, correctTypos: true })).hits.map((hit) => hit.id));
  const score = async (query: Question) => {
    const figures = await figuresOf(query);
    return figures.top1 + figures.ndcg10;
  };
  const total = async () => {
    let top1 = 0;
    let ndcg = 0;
    for (const query of queries) {
      const figures = await figuresOf(query);
      top1 += figures.top1;
      ndcg += figures.ndcg10;
    }
    return `top-1 ${top1}/${queries.length} (${((100 * top1) / queries.length).toFixed(1)} %), nDCG@10 ${(ndcg / queries.length).toFixed(4)}`;
  };

  const candidates = entriesOf(shippedOverlay);
  const uncovered = candidates.filter((entry) => !covered(entry));
  const useEntries = (entries: Entry[]) => useClinicalTerms(readOverlay(overlayOf(entries, '')));
  useEntries(candidates);
  const queryWords = queries.map((query) => new Set(words(enhanceQuery(query.text).text)));
  const concerns = new Map(uncovered.map((entry) => {
    const own = new Set(words(entry.kind === 'synonym' ? entry.terms.join(' ') : entry.key));
    return [entry, queries.filter((_, index) => [...own].some((word) => queryWords[index].has(word) || queryWords[index].has(`${word}s`)))];
  }));

  useEntries(candidates);
  console.log(`whole table (${candidates.length} entries): ${await total()}`);
  useEntries([]);
  console.log(`public vocabularies alone: ${await total()}`);

  const current = new Map<Question, number>();
  const pinned = candidates.filter((entry) => entry.kind !== 'synonym' && entry.pinned);
  const kept: Entry[] = [...pinned];
  const needed = new Map<Entry, number>();
  useEntries(kept);
  for (const query of queries) current.set(query, await score(query));
  const gainOf = async (entry: Entry) => {
    useEntries([...kept, entry]);
    let gain = 0;
    let helped = 0;
    for (const query of concerns.get(entry)!) {
      const difference = (await score(query)) - current.get(query)!;
      gain += difference;
      if (difference > 0) helped++;
    }
    useEntries(kept);
    return { gain, helped };
  };
  const queue: { entry: Entry; gain: number }[] = [];
  for (const entry of uncovered) if (!kept.includes(entry) && concerns.get(entry)!.length > 0) queue.push({ entry, gain: (await gainOf(entry)).gain });
  while (kept.length - pinned.length < MAX_ENTRIES && queue.length > 0) {
    queue.sort((a, b) => b.gain - a.gain);
    const top = queue.shift()!;
    if (top.gain <= 0) break;
    const { gain, helped } = await gainOf(top.entry);
    if (gain <= 0) continue;
    if (queue.length > 0 && gain < queue[0].gain) {
      queue.push({ entry: top.entry, gain });
      continue;
    }
    kept.push(top.entry);
    needed.set(top.entry, helped);
    useEntries(kept);
    for (const query of concerns.get(top.entry)!) current.set(query, await score(query));
    console.error(`+ ${top.entry.kind} ${top.entry.key} (gain ${gain.toFixed(2)}, ${helped} questions)`);
  }
  console.log(`overlay (${kept.length} entries): ${await total()}`);

  const meanings = wikipediaMeanings();
  const overlay = overlayOf(
    kept.map((entry) => (needed.has(entry) ? { ...entry, why: reason(entry, meanings, needed.get(entry)!) } : entry)),
    shippedOverlay.note,
  );
  writeFileSync(overlayFile, `${JSON.stringify(overlay, null, 2)}\n`);
  console.log(`${candidates.length - uncovered.length} of ${candidates.length} entries the public vocabularies give; ${kept.length} kept → ${overlayFile}`);
  await Promise.all([starter.close(), nfCorpus.close()]);
}

await main();
