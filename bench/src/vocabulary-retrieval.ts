import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmbedder, loadSearchConfig } from '@cairn/search';
import { halfOf, type Half } from './clinical-queries.js';
import { figuresOf, idsOnly, indexCollection, rankWithCairn, referenceBm25Figures, type Judgements, type RetrievalConfiguration } from './collection-retrieval.js';
import { loadNfCorpus, repoRoot } from './datasets.js';
import { table } from './metrics.js';
import type { TestCollection } from './test-collections.js';

interface VocabularyQuery {
  id: string;
  query: string;
  kind: 'lay' | 'abbreviation' | 'synonym' | 'brand';
  relevant: Record<string, number>;
}

const CONFIGURATIONS: RetrievalConfiguration[] = [
  { label: 'keyword', mode: 'keyword', enhance: false },
  { label: 'keyword + understanding', mode: 'keyword', enhance: true, correctTypos: true },
  { label: 'hybrid', mode: 'hybrid', enhance: false },
  { label: 'hybrid + understanding', mode: 'hybrid', enhance: true, correctTypos: true },
];

const half: Half = process.argv.includes('--test') ? 'test' : 'tune';

function loadQueries(): VocabularyQuery[] {
  const file = join(repoRoot, 'bench/data/vocabulary-queries.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: VocabularyQuery[] }).queries.filter((query) => halfOf(query.query) === half);
}

const judgementsOf = (queries: VocabularyQuery[]): Judgements => new Map(queries.map((query) => [query.id, new Map(Object.entries(query.relevant))]));

/**
 * Lay, abbreviation, synonym and brand-name queries over NFCorpus documents (bench/data/vocabulary-queries.json),
 * whose key word the documents do not use: nDCG@10 and P@1 of each retrieval, with and without Cairn's query
 * understanding, per kind of query. The tune half by default; `--test` measures the test half (once, at the end of a change).
 */
async function main(): Promise<void> {
  const queries = loadQueries();
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const nfCorpus = loadNfCorpus();
  const collection: TestCollection = {
    name: 'NFCorpus documents',
    documents: nfCorpus.documents,
    queries: new Map(queries.map((query) => [query.id, query.query])),
    qrels: judgementsOf(queries),
  };
  const { search, close } = await indexCollection(collection, embedder, collection.name);
  const kinds = ['all', 'lay', 'abbreviation', 'synonym', 'brand'] as const;
  const rows: (string | number)[][] = [];
  try {
    for (const kind of kinds) {
      const judgements = judgementsOf(kind === 'all' ? queries : queries.filter((query) => query.kind === kind));
      const figures = [referenceBm25Figures(collection, judgements)];
      for (const configuration of CONFIGURATIONS) {
        figures.push(figuresOf(configuration.label, idsOnly(await rankWithCairn(search, collection.queries, judgements, configuration)), judgements));
      }
      for (const row of figures) rows.push([kind, row.label, row.ndcg10.toFixed(4), row.p1.toFixed(3), row.queries]);
    }
  } finally {
    await close();
  }
  console.log(`Vocabulary queries (bench/data/vocabulary-queries.json, ${half} half) over ${collection.documents.length} NFCorpus documents, embedder ${embedder?.modelId ?? 'none'}`);
  console.log(table(['kind', 'retrieval', 'nDCG@10', 'P@1', 'queries'], rows));
}

await main();
