import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stem } from '@cairn/rules';
import {
  ChunkWriter,
  chunkDocument,
  createEmbedder,
  deriveSubject,
  loadSearchConfig,
  readCorpusFiles,
  RelevanceScorer,
  SearchService,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  starterDocument,
  type ProtocolDocumentInput,
} from '@cairn/search';
import { loadClinicalQueries, type ClinicalQuery } from './clinical-queries.js';
import { clinicalQueriesFile, documentRanking, judge, searchOptions } from './clinical-retrieval.js';
import { repoRoot } from './datasets.js';

const corpus = resolve(repoRoot, 'services/search/corpus');
const key = (phrase: string) => (phrase.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem).join(' ');

interface Figures {
  top1: number;
  ndcg: number;
}

/**
 * Keeps a starter document's hand-written topic only where the derived subject measures worse without
 * it, on the clinical tune queries (the tune half and the extra tune-only queries) that judge the
 * document or rank it among their first ten: a topic the derivation already names goes at once, and
 * every other is tried without, one at a time, and stays out when top-1 and nDCG@10 are no lower.
 * Rewrites the documents' `topics:` lines.
 */
async function main(): Promise<void> {
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: 'local' }));
  const files = await readCorpusFiles(corpus);
  const documents = files.map(starterDocument);
  const keywords = new SqliteKeywordIndex(':memory:');
  const vectors = new SqliteVectorIndex(':memory:');
  const writer = new ChunkWriter(keywords, vectors, embedder);
  await writer.write(documents.flatMap((document) => chunkDocument(document)));
  const search = new SearchService(keywords, vectors, embedder, new RelevanceScorer());
  const queries = [
    ...loadClinicalQueries(clinicalQueriesFile('tune')).filter((query) => query.half === 'tune'),
    ...loadClinicalQueries(clinicalQueriesFile('extra tune')),
  ];
  const rank = async (query: ClinicalQuery) =>
    documentRanking((await search.search({ ...searchOptions, query: query.query, mode: 'hybrid', enhance: true, correctTypos: true })).hits.map((hit) => hit.id));
  const measure = async (subset: ClinicalQuery[]): Promise<Figures> => {
    let top1 = 0;
    let ndcg = 0;
    for (const query of subset) {
      const figures = judge(await rank(query), query.relevant);
      top1 += figures.top1;
      ndcg += figures.ndcg10;
    }
    return { top1, ndcg };
  };
  const reindex = (document: ProtocolDocumentInput) => writer.replaceDocument({ owner: document.owner, documentId: document.id }, chunkDocument(document));
  const before = await measure(queries);
  const firstTen = new Map<ClinicalQuery, string[]>();
  for (const query of queries) firstTen.set(query, (await rank(query)).slice(0, 10));
  const kept = new Map<string, string[]>();
  let removed = 0;
  for (const document of documents) {
    const derived = new Set(deriveSubject({ ...document, topics: [] }).topics.map(key));
    let topics = document.topics.filter((topic) => !derived.has(key(topic)));
    removed += document.topics.length - topics.length;
    const affected = queries.filter((query) => query.relevant[document.id] !== undefined || firstTen.get(query)!.includes(document.id));
    await reindex({ ...document, topics });
    let base = await measure(affected);
    for (const topic of [...topics]) {
      const trial = topics.filter((other) => other !== topic);
      await reindex({ ...document, topics: trial });
      const figures = await measure(affected);
      if (figures.top1 >= base.top1 && figures.ndcg >= base.ndcg - 1e-9) {
        topics = trial;
        base = figures;
        removed++;
      }
    }
    await reindex({ ...document, topics });
    kept.set(document.id, topics);
    console.error(`· ${document.id}: ${document.topics.length} → ${topics.length} topics`);
  }
  const after = await measure(queries);
  for (const file of files) {
    const path = join(corpus, file.path);
    const topics = kept.get(file.path.replace(/\.md$/, ''))!;
    const line = `topics: [${topics.map((topic) => (/[,[\]{}:#&*!|>'"%@`]/.test(topic) ? JSON.stringify(topic) : topic)).join(', ')}]`;
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^topics:.*$/m, line));
  }
  console.log(`${removed} of ${documents.reduce((sum, d) => sum + d.topics.length, 0)} hand-written topics removed.`);
  console.log(`Clinical tune queries (${queries.length}): top-1 ${before.top1} → ${after.top1}, nDCG@10 sum ${before.ndcg.toFixed(2)} → ${after.ndcg.toFixed(2)}`);
  await keywords.close();
  await vectors.close();
}

await main();
