#!/usr/bin/env node
/**
 * Trains Cairn's standalone embedder (src/embedding/local) and writes models/local-embedder-v1.{bin,json}.
 *
 * Reproduce from the repository root (about 5 minutes on 2 cores, deterministic for a given seed):
 *   node services/search/tools/train-local-embedder.mjs
 * Options: --datasets DIR (default ../shared/datasets), --out PREFIX (default services/search/models/local-embedder-v1).
 *
 * 1. Term vectors from PPMI + truncated SVD over NFCorpus abstracts and the starter protocols (unsupervised).
 * 2. Starting from them, tied term vectors are tuned as a bag-of-words dual encoder on the NFCorpus train
 *    split only: softmax over the whole corpus, judged documents as targets in proportion to their grade.
 * 3. Vectors are quantised to int8 per row. Retrieval figures come from `npm run bench:retrieval`, which
 *    measures the shipped model through the search service's own code.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadNfcorpus, loadStarterCorpus } from './local-embedder/datasets.mjs';
import { packBags, trainDualEncoder } from './local-embedder/dual-encoder.mjs';
import { mulberry32 } from './local-embedder/random.mjs';
import { trainWordVectors } from './local-embedder/word-vectors.mjs';

const built = new URL('../dist/embedding/local/', import.meta.url);
if (!existsSync(new URL('tokenizer.js', built))) {
  process.stderr.write('The trainer uses the search service\'s own tokenizer and model format: run `npm run build` first.\n');
  process.exit(1);
}
// The model must tokenize and serialise exactly as the runtime embedder reads it, so both come from its build.
const { tokenize } = await import(new URL('tokenizer.js', built).href);
const { encodeModel, quantizeRows } = await import(new URL('model-file.js', built).href);

const CONFIG = {
  modelId: 'cairn-local-embedder-v1',
  seed: 20260522,
  dimensions: 256,
  minTermCount: 2,
  wordVectors: { window: 5, smoothing: 0.75, eigenvalueWeight: 0.5 },
  dualEncoder: { epochs: 6, batchSize: 128, temperature: 0.1, learningRate: 0.004, minProbability: 1e-5, workerCount: 2 },
};

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: options } = parseArgs({
  options: {
    datasets: { type: 'string', default: resolve(repositoryRoot, '../shared/datasets') },
    out: { type: 'string', default: resolve(repositoryRoot, 'services/search/models/local-embedder-v1') },
  },
});
const started = Date.now();
const log = (message) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}\n`);

function buildVocabulary(texts, minCount) {
  const counts = new Map();
  for (const tokens of texts) for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const terms = [...counts.keys()].filter(term => counts.get(term) >= minCount).sort();
  return { terms, index: new Map(terms.map((term, i) => [term, i])) };
}

function inverseDocumentFrequencies(texts, vocabulary) {
  const documentFrequency = new Float64Array(vocabulary.size);
  for (const tokens of texts) for (const token of new Set(tokens)) if (vocabulary.has(token)) documentFrequency[vocabulary.get(token)]++;
  return Float32Array.from(documentFrequency, df => Math.log((texts.length + 1) / (df + 0.5)));
}

/** Same weighting as LocalEmbedder: (1 + ln tf) * idf over known terms. */
function bagOf(tokens, vocabulary, idf) {
  const counts = new Map();
  for (const token of tokens) if (vocabulary.has(token)) counts.set(vocabulary.get(token), (counts.get(vocabulary.get(token)) ?? 0) + 1);
  const ids = Int32Array.from(counts.keys());
  return { ids, weights: Float32Array.from(ids, id => (1 + Math.log(counts.get(id))) * idf[id]) };
}

function scaleToUnitMeanSquare(vectors, rows) {
  let sumOfSquares = 0;
  for (const x of vectors) sumOfSquares += x * x;
  const scale = Math.sqrt(rows / sumOfSquares);
  return vectors.map(x => x * scale);
}

function trainingTargets(qrels, queryRow, docRow, queryBags) {
  const targets = [];
  for (const [queryId, judged] of qrels) {
    const row = queryRow.get(queryId);
    if (queryBags.indptr[row + 1] === queryBags.indptr[row]) continue;
    const weighted = [...judged].filter(([docId]) => docRow.has(docId)).map(([docId, grade]) => [docRow.get(docId), grade]).filter(([, w]) => w > 0);
    const total = weighted.reduce((sum, [, w]) => sum + w, 0);
    if (total > 0) targets.push({ row, targets: weighted.map(([doc, w]) => [doc, w / total]) });
  }
  return targets;
}

async function main() {
  const { dimensions, seed } = CONFIG;
  const corpus = loadNfcorpus(resolve(options.datasets, 'nfcorpus.zip'));
  const starter = loadStarterCorpus(resolve(repositoryRoot, 'services/search/corpus'));
  const docTokens = corpus.docs.map(doc => [...tokenize(doc.title), ...tokenize(doc.text)]);
  const unsupervisedTexts = [...docTokens, ...starter.map(protocol => tokenize(protocol.text))];
  const vocabulary = buildVocabulary(unsupervisedTexts, CONFIG.minTermCount);
  const idf = inverseDocumentFrequencies(unsupervisedTexts, vocabulary.index);
  log(`${corpus.docs.length} NFCorpus documents, ${starter.length} starter protocols, ${vocabulary.terms.length} terms`);

  const wordVectors = trainWordVectors(unsupervisedTexts, vocabulary.index, { dimensions, seed, ...CONFIG.wordVectors });
  log(`PPMI-SVD word vectors (${wordVectors.nonZeros} non-zero PPMI cells)`);

  const docBags = packBags(docTokens.map(tokens => bagOf(tokens, vocabulary.index, idf)));
  const queryIds = [...corpus.queries.keys()];
  const queryRow = new Map(queryIds.map((id, row) => [id, row]));
  const queryBags = packBags(queryIds.map(id => bagOf(tokenize(corpus.queries.get(id)), vocabulary.index, idf)));
  const docRow = new Map(corpus.docs.map((doc, row) => [doc.id, row]));
  const trainingQueries = trainingTargets(corpus.qrels.train, queryRow, docRow, queryBags);
  log(`dual encoder on ${trainingQueries.length} train queries`);

  const termVectors = await trainDualEncoder({
    ...CONFIG.dualEncoder, dimensions, docs: docBags, queries: queryBags, trainingQueries,
    initialVectors: scaleToUnitMeanSquare(wordVectors.vectors, vocabulary.terms.length),
    random: mulberry32(seed),
    onEpoch: ({ epoch, loss }) => log(`epoch ${epoch}: loss ${loss.toFixed(4)}`),
  });

  const quantized = quantizeRows(termVectors, vocabulary.terms.length, dimensions);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(`${options.out}.bin`, encodeModel({ modelId: CONFIG.modelId, dimensions, terms: vocabulary.terms, inverseDocumentFrequency: idf, matrices: [quantized] }));
  log(`wrote ${options.out}.bin`);

  const metadata = {
    modelId: CONFIG.modelId,
    file: 'local-embedder-v1.bin',
    dimensions,
    vocabularySize: vocabulary.terms.length,
    quantization: 'int8 per row (f32 scale), tied query/document term vectors',
    tokenizer: 'NFKD accent folding, lowercase, [\\p{L}\\p{N}]+ words, English stopwords, Porter stemmer',
    weighting: '(1 + ln tf) * idf, L2-normalised sum',
    trainingData: {
      unsupervised: `NFCorpus corpus.jsonl (${corpus.docs.length} abstracts) + services/search/corpus (${starter.length} protocols)`,
      supervised: `NFCorpus qrels/train.tsv: ${trainingQueries.length} of ${corpus.qrels.train.size} queries (the rest have no in-vocabulary term); dev and test unused in training`,
    },
    config: CONFIG,
    evaluation: 'npm run bench:retrieval (figures in the README)',
  };
  writeFileSync(`${options.out}.json`, `${JSON.stringify(metadata, null, 2)}\n`);
  log(`wrote ${options.out}.json`);
}

await main();
