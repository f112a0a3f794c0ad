import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChunkWriter,
  createEmbedder,
  loadSearchConfig,
  RelevanceScorer,
  SearchService,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  type IndexedChunk,
  type RetrievalMode,
} from '@cairn/search';
import { evaluateClinicalQueries, searchOptions, starterSearch, type ClinicalConfiguration } from './clinical-retrieval.js';
import { loadNfCorpus, repoRoot } from './datasets.js';
import { mean, ndcgAt, recallAt, table } from './metrics.js';

const RUN_DEPTH = 100;
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

const CLINICAL_CONFIGURATIONS: ClinicalConfiguration[] = [
  { label: 'keyword (BM25)', run: (search, query) => search.search({ ...searchOptions, query, mode: 'keyword', enhance: true }) },
  { label: 'hybrid (RRF k=60)', run: (search, query) => search.search({ ...searchOptions, query, mode: 'hybrid', enhance: true }) },
  {
    label: 'hybrid + typo tolerance',
    run: (search, query) => search.search({ ...searchOptions, query, mode: 'hybrid', enhance: true, correctTypos: true }),
  },
];

/**
 * The frozen clinical queries (bench/data/clinical-queries.json) on the starter corpus: the test half
 * unless --tune; --failures lists the queries whose first document is not fully relevant.
 */
async function clinicalQueries(): Promise<void> {
  const half = process.argv.includes('--tune') ? 'tune' : 'test';
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const starter = await starterSearch(embedder);
  const figures = await evaluateClinicalQueries(starter.search, half, CLINICAL_CONFIGURATIONS);
  await starter.close();
  console.log(`Clinical queries (bench/data/clinical-queries.json), ${half} half, ${figures[0].queries} queries, starter corpus, documents ranked by their best chunk`);
  console.log(
    table(
      ['retrieval', 'top-1', 'nDCG@10', 'Recall@8'],
      figures.map((figure) => [figure.label, percent(figure.top1), figure.ndcg10.toFixed(4), figure.recall8.toFixed(4)]),
    ),
  );
  if (!process.argv.includes('--failures')) return;
  for (const figure of figures) {
    for (const miss of figure.misses) {
      const corrected = miss.correctedQuery ? ` (searched: ${miss.correctedQuery})` : '';
      console.log(`  ${figure.label} · ${miss.query.kind} · ${JSON.stringify(miss.query.query)}${corrected} → ${miss.top}`);
    }
  }
}

/** NFCorpus through the same SearchService the API uses, one chunk per abstract, owner `global`. */
async function main(): Promise<void> {
  await clinicalQueries();
  if (process.argv.includes('--clinical-only')) return;
  const started = Date.now();
  const corpus = loadNfCorpus();
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-retrieval-'));
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const keywords = new SqliteKeywordIndex(join(dir, 'index.sqlite'));
  const vectors = new SqliteVectorIndex(join(dir, 'index.sqlite'));
  const chunks: IndexedChunk[] = corpus.documents.map((document) => ({
    id: document.id,
    documentId: document.id,
    owner: 'global',
    source: 'ingested',
    title: document.title,
    organization: 'NFCorpus',
    region: '',
    year: null,
    disease: '',
    topics: [],
    section: '',
    body: document.text,
    sourceUrl: '',
  }));
  const indexing = Date.now();
  await new ChunkWriter(keywords, vectors, embedder).write(chunks);
  const indexSeconds = (Date.now() - indexing) / 1000;
  const search = new SearchService(keywords, vectors, embedder, new RelevanceScorer());

  const configurations: { label: string; mode: RetrievalMode; enhance: boolean; correctTypos?: boolean }[] = [
    { label: 'keyword (BM25)', mode: 'keyword', enhance: true },
    { label: 'vector', mode: 'vector', enhance: true },
    { label: 'hybrid (RRF k=60)', mode: 'hybrid', enhance: true },
    { label: 'hybrid + typo tolerance', mode: 'hybrid', enhance: true, correctTypos: true },
    { label: 'hybrid, no query enhancement', mode: 'hybrid', enhance: false },
  ];
  const outDir = join(repoRoot, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const rows: (string | number)[][] = [];
  for (const split of ['dev', 'test'] as const) {
    for (const configuration of configurations) {
      if (!embedder && configuration.mode !== 'keyword') continue;
      const ndcg: number[] = [];
      const recall: number[] = [];
      const run: string[] = [];
      for (const [queryId, judgements] of corpus.qrels[split]) {
        const result = await search.search({
          query: corpus.queries.get(queryId) ?? '',
          size: RUN_DEPTH,
          owners: ['global'],
          mode: configuration.mode,
          enhance: configuration.enhance,
          correctTypos: configuration.correctTypos,
        });
        const ranked = result.hits.map((hit) => hit.id);
        ndcg.push(ndcgAt(ranked, judgements, 10));
        recall.push(recallAt(ranked, judgements, 100));
        result.hits.forEach((hit, rank) => run.push(`${queryId} Q0 ${hit.id} ${rank + 1} ${hit.fusion_score.toFixed(6)} cairn-${configuration.mode}`));
      }
      if (split === 'test' && configuration.enhance && !configuration.correctTypos) {
        writeFileSync(join(outDir, `nfcorpus-test-${configuration.mode}.trec`), `${run.join('\n')}\n`);
      }
      rows.push([split, configuration.label, mean(ndcg).toFixed(4), mean(recall).toFixed(4), ndcg.length]);
    }
  }
  await keywords.close();
  await vectors.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`NFCorpus (BEIR), ${chunks.length} documents, embedder ${embedder?.modelId ?? 'none'}; indexed in ${indexSeconds.toFixed(1)} s`);
  console.log(table(['split', 'retrieval', 'nDCG@10', 'Recall@100', 'queries'], rows));
  console.log(`TREC runs: bench/out/nfcorpus-test-{keyword,vector,hybrid}.trec · total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
