import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ChunkWriter,
  chunkDocument,
  createEmbedder,
  loadSearchConfig,
  readCorpusFiles,
  RelevanceScorer,
  SearchService,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  starterDocument,
  type ProtocolDocumentInput,
} from '@cairn/search';
import { repoRoot } from './datasets.js';
import { table } from './metrics.js';

/** One name per clinical topic, so documents about the same thing from different organisations match. */
const TOPICS: [RegExp, string][] = [
  [/heat/i, 'heat illness'],
  [/stroke/i, 'stroke'],
  [/ketoacidosis/i, 'dka'],
  [/diabet/i, 'diabetes'],
  [/heart attack|myocardial/i, 'heart attack'],
  [/fever in children|childhood fever/i, 'childhood fever'],
  [/enteric/i, 'typhoid'],
  [/head injury|concussion/i, 'head injury'],
  [/diarrh/i, 'diarrhoea'],
  [/burn/i, 'burns'],
  [/tubercul/i, 'tuberculosis'],
  [/mosquito/i, 'mosquito-borne diseases'],
  [/snake/i, 'snakebite'],
];
const topicOf = (disease: string) => TOPICS.find(([pattern]) => pattern.test(disease))?.[1] ?? disease.toLowerCase().replace(/\s*\(.*\)$/, '');

interface Sample {
  relevant: boolean;
  coverage: number;
}

/**
 * Calibrates the relevance scale: each organisation's documents play one user's collection; every
 * document's title, disease and "disease + topic" phrases are searched user-only; the top hit is
 * relevant when the collection holds a document on the query's topic. The raw coverage threshold with
 * the best balanced accuracy becomes relevance 6.
 */
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-relevance-'));
  const documents: ProtocolDocumentInput[] = (await readCorpusFiles(resolve(repoRoot, 'services/search/corpus'))).map(starterDocument);
  const organisations = [...new Set(documents.map((d) => d.organization))];
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: 'local' }));
  const keywords = new SqliteKeywordIndex(join(dir, 'index.sqlite'));
  const vectors = new SqliteVectorIndex(join(dir, 'index.sqlite'));
  await new ChunkWriter(keywords, vectors, embedder).write(
    documents.flatMap((d) => chunkDocument({ ...d, owner: `user:${d.organization}`, source: 'protocol' })),
  );
  const scorer = new RelevanceScorer();
  const search = new SearchService(keywords, vectors, embedder, scorer);
  const queries = documents.flatMap((d) => [d.title, d.disease, ...d.topics.map((topic) => `${d.disease} ${topic}`)].map((text) => ({ text, topic: topicOf(d.disease) })));
  const samples: Sample[] = [];
  for (const organisation of organisations) {
    const topics = new Set(documents.filter((d) => d.organization === organisation).map((d) => topicOf(d.disease)));
    const chunks = new Map<string, Awaited<ReturnType<typeof keywords.get>>[number]>();
    for (const query of queries) {
      const result = await search.search({ query: query.text, size: 1, owners: [`user:${organisation}`], mode: 'hybrid', enhance: true });
      const top = result.hits[0];
      let coverage = 0;
      if (top) {
        const chunk = chunks.get(top.id) ?? (await keywords.get([top.id]))[0];
        chunks.set(top.id, chunk);
        coverage = scorer.coverage(scorer.concepts(query.text), chunk);
      }
      samples.push({ relevant: topics.has(query.topic), coverage });
    }
  }
  await keywords.close();
  await vectors.close();
  rmSync(dir, { recursive: true, force: true });

  const positives = samples.filter((s) => s.relevant).length;
  const negatives = samples.length - positives;
  let best = { threshold: 0.5, balanced: 0, precision: 0, recall: 0, specificity: 0 };
  for (let step = 5; step <= 95; step++) {
    const threshold = step / 100;
    const truePositives = samples.filter((s) => s.relevant && s.coverage >= threshold).length;
    const trueNegatives = samples.filter((s) => !s.relevant && s.coverage < threshold).length;
    const falsePositives = negatives - trueNegatives;
    const recall = truePositives / positives;
    const specificity = trueNegatives / negatives;
    const balanced = (recall + specificity) / 2;
    if (balanced > best.balanced) {
      best = { threshold, balanced, precision: truePositives / Math.max(1, truePositives + falsePositives), recall, specificity };
    }
  }
  const calibration = {
    threshold: best.threshold,
    note: 'Raw concept coverage at which relevance reads 6. Rewritten by `npm run bench:relevance`.',
    samples: samples.length,
    relevantSamples: positives,
    balancedAccuracy: Number(best.balanced.toFixed(3)),
    precision: Number(best.precision.toFixed(3)),
    recall: Number(best.recall.toFixed(3)),
    specificity: Number(best.specificity.toFixed(3)),
  };
  writeFileSync(resolve(repoRoot, 'services/search/src/relevance/relevance-calibration.json'), `${JSON.stringify(calibration, null, 2)}\n`);
  console.log(`Relevance calibration on the starter corpus: ${samples.length} user-only searches (${organisations.length} collections × ${queries.length} queries), ${positives} on a topic the collection holds`);
  console.log(
    table(
      ['coverage threshold (= relevance 6)', 'balanced accuracy', 'precision', 'recall', 'specificity'],
      [[best.threshold.toFixed(2), best.balanced.toFixed(3), best.precision.toFixed(3), best.recall.toFixed(3), best.specificity.toFixed(3)]],
    ),
  );
  console.log('Written to services/search/src/relevance/relevance-calibration.json (rebuild to apply).');
}

await main();
