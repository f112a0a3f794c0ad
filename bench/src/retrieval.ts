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
import { loadNfCorpus, repoRoot } from './datasets.js';
import { mean, ndcgAt, recallAt, table } from './metrics.js';

const RUN_DEPTH = 100;

/** NFCorpus through the same SearchService the API uses, one chunk per abstract, owner `global`. */
async function main(): Promise<void> {
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

  const configurations: { label: string; mode: RetrievalMode; enhance: boolean }[] = [
    { label: 'keyword (BM25)', mode: 'keyword', enhance: true },
    { label: 'vector', mode: 'vector', enhance: true },
    { label: 'hybrid (RRF k=60)', mode: 'hybrid', enhance: true },
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
        });
        const ranked = result.hits.map((hit) => hit.id);
        ndcg.push(ndcgAt(ranked, judgements, 10));
        recall.push(recallAt(ranked, judgements, 100));
        result.hits.forEach((hit, rank) => run.push(`${queryId} Q0 ${hit.id} ${rank + 1} ${hit.fusion_score.toFixed(6)} cairn-${configuration.mode}`));
      }
      if (split === 'test' && configuration.enhance) {
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
