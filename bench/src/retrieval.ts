import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createEmbedder, loadSearchConfig, type Embedder } from '@cairn/search';
import {
  clinicalQueriesFile,
  evaluateClinicalQueries,
  searchOptions,
  starterSearch,
  type ClinicalConfiguration,
  type ClinicalFigures,
  type ClinicalQuerySet,
} from './clinical-retrieval.js';
import { loadNfCorpus, repoRoot } from './datasets.js';
import {
  figuresOf,
  idsOnly,
  indexCollection,
  rankWithCairn,
  referenceBm25Figures,
  type Judgements,
  type RetrievalConfiguration,
  type RetrievalFigures,
} from './collection-retrieval.js';
import { table } from './metrics.js';
import { collectionHalf, loadMedline, loadPubMedQa, type TestCollection } from './test-collections.js';
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

const CLINICAL_CONFIGURATIONS: ClinicalConfiguration[] = [
  { label: 'keyword (BM25)', run: (search, query) => search.search({ ...searchOptions, query, mode: 'keyword', enhance: true }) },
  { label: 'hybrid', run: (search, query) => search.search({ ...searchOptions, query, mode: 'hybrid', enhance: true }) },
  {
    label: 'hybrid + typo tolerance',
    run: (search, query) => search.search({ ...searchOptions, query, mode: 'hybrid', enhance: true, correctTypos: true }),
  },
];

/**
 * The frozen clinical queries (bench/data/clinical-queries.json) on the starter corpus: the test half,
 * or with --tune its tune half and the extra tune-only queries; --failures lists the queries whose
 * first document is not fully relevant.
 */
async function clinicalQueries(): Promise<void> {
  const sets: ClinicalQuerySet[] = process.argv.includes('--tune') ? ['tune', 'extra tune'] : ['test'];
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const starter = await starterSearch(embedder);
  for (const set of sets) {
    const figures = await evaluateClinicalQueries(starter.search, set, CLINICAL_CONFIGURATIONS);
    const name = set === 'extra tune' ? 'the extra tune queries' : `${set} half`;
    console.log(`Clinical queries (${relative(repoRoot, clinicalQueriesFile(set))}), ${name}, ${figures[0].queries} queries, starter corpus, documents ranked by their best chunk`);
    console.log(
      table(
        ['retrieval', 'top-1', 'nDCG@10', 'Recall@8'],
        figures.map((figure) => [figure.label, percent(figure.top1), figure.ndcg10.toFixed(4), figure.recall8.toFixed(4)]),
      ),
    );
    if (process.argv.includes('--failures')) printMisses(figures);
  }
  await starter.close();
}

function printMisses(figures: ClinicalFigures[]): void {
  for (const figure of figures) {
    for (const miss of figure.misses) {
      const corrected = miss.correctedQuery ? ` (searched: ${miss.correctedQuery})` : '';
      console.log(`  ${figure.label} · ${miss.query.kind} · ${JSON.stringify(miss.query.query)}${corrected} → ${miss.top}`);
    }
  }
}

const CONFIGURATIONS: RetrievalConfiguration[] = [
  { label: 'keyword (BM25)', mode: 'keyword', enhance: true },
  { label: 'vector', mode: 'vector', enhance: true },
  { label: 'hybrid', mode: 'hybrid', enhance: true },
  { label: 'hybrid + typo tolerance', mode: 'hybrid', enhance: true, correctTypos: true },
];

const figureRow = (split: string, figures: RetrievalFigures) => [
  split,
  figures.label,
  figures.ndcg10.toFixed(4),
  figures.recall100.toFixed(4),
  figures.p1.toFixed(3),
  figures.queries,
];

/** Each configuration and the reference BM25 on the given splits of one collection. */
async function collectionTable(collection: TestCollection, splits: [string, Judgements][], embedder: Embedder | null): Promise<string> {
  const { search, indexSeconds, close } = await indexCollection(collection, embedder, collection.name);
  const rows: (string | number)[][] = [];
  const outDir = join(repoRoot, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  for (const [split, judgements] of splits) {
    rows.push(figureRow(split, referenceBm25Figures(collection, judgements)));
    for (const configuration of CONFIGURATIONS) {
      if (!embedder && configuration.mode !== 'keyword') continue;
      const rankings = await rankWithCairn(search, collection.queries, judgements, configuration);
      rows.push(figureRow(split, figuresOf(configuration.label, idsOnly(rankings), judgements)));
      if (split === 'test' && !configuration.correctTypos) writeFileSync(join(outDir, `${slug(collection.name)}-test-${configuration.mode}.trec`), trecRun(rankings, configuration.mode));
    }
  }
  await close();
  const heading = `${collection.name}, ${collection.documents.length} documents, embedder ${embedder?.modelId ?? 'none'}; indexed in ${indexSeconds.toFixed(1)} s`;
  return `${heading}\n${table(['split', 'retrieval', 'nDCG@10', 'Recall@100', 'P@1', 'queries'], rows)}`;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '');

function trecRun(rankings: Map<string, { id: string; score: number }[]>, mode: string): string {
  const lines = [...rankings].flatMap(([queryId, hits]) => hits.map((hit, rank) => `${queryId} Q0 ${hit.id} ${rank + 1} ${hit.score.toFixed(6)} cairn-${mode}`));
  return `${lines.join('\n')}\n`;
}

/**
 * NFCorpus (dev and test) and the held-out collections (bench/data/heldout: tune and test halves), each
 * through the same SearchService the API uses, one chunk per document, beside a reference BM25; with
 * --tune only the splits that may be tuned on (the clinical tune queries, NFCorpus dev, the tune halves).
 */
async function main(): Promise<void> {
  await clinicalQueries();
  if (process.argv.includes('--clinical-only')) return;
  const started = Date.now();
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const nfCorpus = loadNfCorpus();
  const nfCollection: TestCollection = { name: 'NFCorpus (BEIR)', documents: nfCorpus.documents, queries: nfCorpus.queries, qrels: nfCorpus.qrels.test };
  const tuneOnly = process.argv.includes('--tune');
  const nfSplits: [string, Judgements][] = [['dev', nfCorpus.qrels.dev], ['test', nfCorpus.qrels.test]];
  const tables = [await collectionTable(nfCollection, tuneOnly ? nfSplits.slice(0, 1) : nfSplits, embedder)];
  for (const collection of [loadPubMedQa(), loadMedline()]) {
    const halves = (tuneOnly ? (['tune'] as const) : (['tune', 'test'] as const)).map((half): [string, Judgements] => [half, collectionHalf(collection.qrels, half)]);
    tables.push(await collectionTable(collection, halves, embedder));
  }
  console.log(tables.join('\n\n'));
  console.log(`TREC runs of the test splits in bench/out · total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
