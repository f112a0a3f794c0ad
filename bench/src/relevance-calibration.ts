import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ChunkWriter,
  chunkDocument,
  createEmbedder,
  loadSearchConfig,
  readCorpusFiles,
  RelevanceScorer,
  relevanceProbability,
  SearchService,
  SIGNAL_NAMES,
  signalVector,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  starterDocument,
  toRelevanceScale,
  type Embedder,
  type RelevanceCalibration,
} from '@cairn/search';
import { calibrationFingerprint, calibrationPath } from './calibration-fingerprint.js';
import { loadClinicalQueries, type Half } from './clinical-queries.js';
import { clinicalQueriesFile, starterSearch } from './clinical-retrieval.js';
import { loadNfCorpus, repoRoot, type NfCorpus } from './datasets.js';
import { fitLogistic } from './logistic-regression.js';
import { table } from './metrics.js';
import { documentsByTitle, owner, prepareUploadedCollections, type UploadedCollections } from './uploaded-collections.js';
import {
  clinicalQueries,
  collectionQueries,
  judgeStarter,
  nfCorpusQueries,
  samplesOf,
  type JudgedQuery,
  type JudgedScope,
  type RelevanceSample,
} from './relevance-samples.js';
import { loadMedline, loadPubMedQa } from './test-collections.js';

const log = (line: string) => console.error(`· ${line}`);

async function openIndex(path: string, embedder: Embedder) {
  const keywords = new SqliteKeywordIndex(path);
  const vectors = new SqliteVectorIndex(path);
  return { search: new SearchService(keywords, vectors, embedder, new RelevanceScorer()), keywords, vectors };
}

/** PubMedQA's and MEDLINE's abstracts as ingested documents, each collection its own owner. */
async function heldOutIndex(embedder: Embedder) {
  const index = await openIndex(':memory:', embedder);
  const writer = new ChunkWriter(index.keywords, index.vectors, embedder);
  for (const [owner, collection] of [['org:pubmedqa', loadPubMedQa()], ['org:medline', loadMedline()]] as const) {
    await writer.write(
      collection.documents.flatMap((document) =>
        chunkDocument({
          id: document.id,
          owner,
          source: 'ingested',
          title: document.title,
          organization: collection.name,
          region: '',
          year: null,
          disease: '',
          topics: [],
          sourceUrl: '',
          sections: [{ heading: '', text: document.text }],
        }),
      ),
    );
  }
  return index;
}

/** How an uploaded or ingested NFCorpus hit is judged: relevant when a document of its file or title is; unjudged documents are unknown. */
function nfCorpusJudge(corpus: NfCorpus, uploads: UploadedCollections) {
  const documentsOf = documentsByTitle(corpus.documents);
  return (query: { relevant: ReadonlySet<string> }, top: { documentId: string; title: string }) =>
    documentsOf(uploads.sourceFiles.get(top.documentId) ?? top.title).some((id) => query.relevant.has(id)) ? true : null;
}

/** A protocol of the uploaded guideline is judged as the starter document its chapter was (of two with one title, the better). */
async function guidelineJudge(judgements: Map<string, Record<string, number>>) {
  const chapters = documentsByTitle((await readCorpusFiles(resolve(repoRoot, 'services/search/corpus'))).map(starterDocument));
  const starter = judgeStarter(judgements);
  return (query: JudgedQuery, top: { documentId: string; title: string }) => {
    const verdicts = chapters(top.title).map((id) => starter(query, { documentId: id }));
    return verdicts.includes(true) ? true : verdicts.length === 0 || verdicts.includes(null) ? null : false;
  };
}

async function collectSamples(half: Half, indexes: Awaited<ReturnType<typeof buildIndexes>>): Promise<RelevanceSample[]> {
  const { starter, uploaded, heldOut, corpus, uploads } = indexes;
  const judgements = new Map(
    [...loadClinicalQueries(clinicalQueriesFile('test')), ...loadClinicalQueries(clinicalQueriesFile('extra tune'))].map((query) => [query.query, query.relevant]),
  );
  const never = () => false;
  const starterScope: JudgedScope = { search: starter, owners: ['global'], judge: judgeStarter(judgements) };
  const guidelineScope: JudgedScope = { search: uploaded, owners: [owner(uploads.guideline)], judge: await guidelineJudge(judgements) };
  const uploadScope: JudgedScope = { search: uploaded, owners: [owner(uploads.nfcorpus)], judge: nfCorpusJudge(corpus, uploads) };
  const ingestedScope: JudgedScope = { search: uploaded, owners: ['global'], judge: nfCorpusJudge(corpus, uploads) };
  const pubmedqa: JudgedScope = { search: heldOut, owners: ['org:pubmedqa'], judge: (query, top) => (query.relevant.has(top.documentId) ? true : null) };
  const medline: JudgedScope = { search: heldOut, owners: ['org:medline'], judge: (query, top) => query.relevant.has(top.documentId) };
  const clinical = clinicalQueries(half);
  const nfQueries = nfCorpusQueries(corpus, half === 'tune' ? 'dev' : 'test');
  return [
    ...(await samplesOf('clinical queries, starter corpus', 'clinical query', clinical, starterScope, { ...uploadScope, judge: never })),
    ...(await samplesOf('clinical queries, uploaded guideline', 'clinical query', clinical, guidelineScope, null)),
    ...(await samplesOf('NFCorpus questions, uploaded PDFs', 'question', nfQueries, uploadScope, { ...guidelineScope, judge: never })),
    ...(await samplesOf('NFCorpus questions, ingested PDFs', 'question', nfQueries, ingestedScope, { ...medline, judge: never })),
    ...(await samplesOf('PubMedQA questions', 'question', collectionQueries(loadPubMedQa(), half), pubmedqa, { ...medline, judge: never })),
    ...(await samplesOf('MEDLINE queries', 'question', collectionQueries(loadMedline(), half), medline, { ...pubmedqa, judge: never })),
  ];
}

async function buildIndexes(embedder: Embedder) {
  const uploads = await prepareUploadedCollections(log);
  const uploaded = await openIndex(join(uploads.dataDir, 'search-index.sqlite'), embedder);
  log('indexing PubMedQA and MEDLINE');
  const heldOut = await heldOutIndex(embedder);
  const starter = await starterSearch(embedder);
  return { starter: starter.search, uploaded: uploaded.search, heldOut: heldOut.search, corpus: loadNfCorpus(), uploads };
}

/** Each check (and its nothing-in-scope twin) weighs the same in the fit, however many searches it has. */
function checkWeights(samples: RelevanceSample[]): number[] {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(sample.check, (counts.get(sample.check) ?? 0) + 1);
  return samples.map((sample) => 1 / counts.get(sample.check)!);
}

/** Each missing reading takes its signal's mean over the searches that have it, so it weighs nothing in the fit. */
function withMeansForMissing(rows: (number | null)[][]): number[][] {
  const means = rows[0].map((_, column) => {
    const present = rows.map((row) => row[column]).filter((value): value is number => value !== null);
    return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : 0;
  });
  return rows.map((row) => row.map((value, column) => value ?? means[column]));
}

/** The fit's L2 penalty: of 1e-2, 1e-3 and 1e-4, 1e-3 leaves the fewest stray tune hits at the line chooseThreshold takes. */
const L2_PENALTY = 1e-3;

/** Checks with fewer searches than this are reported but do not choose the line. */
const MIN_CHECK_SEARCHES = 30;

/** The scale's targets: of relevant top hits at least this share score 6 or more; of stray ones at most this share. */
const RELEVANT_TARGET = 0.85;
const STRAY_TARGET = 0.1;

/** How far above RELEVANT_TARGET a tune check's share must be for the target to hold on held-out searches (a one-sided 97.5 % bound). */
const HELD_OUT_Z = 1.96;

/**
 * The probability line: the highest at which every relevant check with enough searches keeps
 * RELEVANT_TARGET with room for held-out searches (its tune share at least the target plus 1.96
 * standard errors of a share of its size), so a right answer reads 6 or more first and as few stray
 * hits as that allows do. When no line gives that room, the line where the check furthest from its
 * target (relevant or stray) is nearest to it.
 */
function chooseThreshold(samples: RelevanceSample[], probabilities: number[]): number {
  const checks = (outcome: RelevanceSample['outcome']) =>
    [...new Set(samples.filter((sample) => sample.outcome === outcome).map((sample) => sample.check))]
      .map((check) => probabilities.filter((_, i) => samples[i].check === check && samples[i].outcome === outcome))
      .filter((of) => of.length >= MIN_CHECK_SEARCHES);
  const relevant = checks('relevant');
  const stray = checks('nothing-in-scope');
  const share = (group: number[], line: number) => group.filter((p) => p >= line).length / group.length;
  const withRoom = (group: number[]) => RELEVANT_TARGET + HELD_OUT_Z * Math.sqrt((RELEVANT_TARGET * (1 - RELEVANT_TARGET)) / group.length);
  const lines = Array.from({ length: 91 }, (_, step) => (step + 5) / 100);
  const roomy = lines.filter((line) => relevant.every((group) => share(group, line) >= withRoom(group)));
  if (relevant.length > 0 && roomy.length > 0) return roomy[roomy.length - 1];
  let best = { threshold: 0.5, worst: -Infinity, mean: -Infinity };
  for (const threshold of lines) {
    const margins = [...relevant.map((group) => share(group, threshold) - RELEVANT_TARGET), ...stray.map((group) => STRAY_TARGET - share(group, threshold))];
    const worst = Math.min(...margins);
    const mean = margins.reduce((sum, margin) => sum + margin, 0) / margins.length;
    if (worst > best.worst || (worst === best.worst && mean > best.mean)) best = { threshold, worst, mean };
  }
  return best.threshold;
}

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

/** Per check: how many top hits were relevant, wrong or from a scope with nothing relevant, and the share of each scoring 6 or more. */
export function figuresTable(samples: RelevanceSample[], scores: number[]): string {
  const checks = [...new Set(samples.map((sample) => sample.check))];
  const rows = checks.map((check) => {
    const of = samples.map((sample, i) => ({ sample, score: scores[i] })).filter(({ sample }) => sample.check === check);
    const share = (outcome: string) => {
      const these = of.filter(({ sample }) => sample.outcome === outcome);
      return these.length ? `${percent(these.filter(({ score }) => score >= 6).length / these.length)} of ${these.length}` : '–';
    };
    return [check, share('relevant'), share('wrong'), share('nothing-in-scope')];
  });
  return table(['check', 'relevant top hit: score ≥ 6', 'wrong top hit: score ≥ 6', 'nothing relevant in scope: score ≥ 6'], rows);
}

/** The tune searches the scale reads wrongly: relevant top hits under 6, and stray ones at 6 or more. */
function printMisses(samples: RelevanceSample[], scores: number[]): void {
  samples.forEach((sample, i) => {
    const wrong = sample.outcome === 'relevant' ? scores[i] < 6 : scores[i] >= 6;
    if (wrong) console.log(`  ${sample.check} · ${scores[i]} · ${JSON.stringify(sample.query)} → ${sample.top}`);
  });
}

/** For each probability line, the share of each check's relevant and stray top hits at or above it. */
function printSweep(samples: RelevanceSample[], probabilities: number[]): void {
  const checks = [...new Set(samples.map((sample) => sample.check))];
  const rows = [];
  for (let step = 50; step <= 80; step += 2) {
    const line = step / 100;
    rows.push([
      line.toFixed(2),
      ...checks.map((check) => {
        const of = probabilities.filter((_, i) => samples[i].check === check && samples[i].outcome !== 'wrong');
        return percent(of.filter((p) => p >= line).length / Math.max(1, of.length));
      }),
    ]);
  }
  console.log(table(['line', ...checks.map((check) => check.replace(', nothing relevant in scope', ' (stray)'))], rows));
}

async function main(): Promise<void> {
  const report = process.argv.includes('--test');
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: 'local' }));
  if (!embedder) throw new Error('the local embedder is needed');
  const indexes = await buildIndexes(embedder);
  log('searching the tune queries');
  const tune = await collectSamples('tune', indexes);
  const inputs = withMeansForMissing(tune.map((sample) => signalVector(sample.signals)));
  const fitted = fitLogistic(inputs, tune.map((sample) => (sample.outcome === 'relevant' ? 1 : 0)), checkWeights(tune), L2_PENALTY);
  const draft: RelevanceCalibration = { signals: SIGNAL_NAMES, ...fitted, threshold: 0.5, embedderModelId: embedder.modelId };
  const probabilities = tune.map((sample) => relevanceProbability(draft, sample.signals, embedder.modelId));
  const calibration = { ...draft, threshold: chooseThreshold(tune, probabilities) };
  const scoresOf = (samples: RelevanceSample[]) => samples.map((sample) => toRelevanceScale(relevanceProbability(calibration, sample.signals, embedder.modelId), calibration.threshold));
  console.log(`Relevance calibration: a logistic model over ${SIGNAL_NAMES.join(', ')}, fitted on ${tune.length} tune searches`);
  console.log(table(['signal', 'weight (standardised)'], SIGNAL_NAMES.map((name, i) => [name, calibration.weights[i].toFixed(3)])));
  console.log(`Probability read as 6: ${calibration.threshold}\n\nTune searches (fitted on):`);
  console.log(figuresTable(tune, scoresOf(tune)));
  if (process.argv.includes('--misses')) printMisses(tune, scoresOf(tune));
  if (process.argv.includes('--sweep')) printSweep(tune, probabilities);
  const samplesFile = process.argv[process.argv.indexOf('--samples') + 1];
  if (process.argv.includes('--samples') && samplesFile) writeFileSync(samplesFile, JSON.stringify(tune));
  writeFileSync(calibrationPath, `${JSON.stringify({ ...calibration, fingerprint: calibrationFingerprint(), fittedOn: tune.length }, null, 2)}\n`);
  console.log('Written to services/search/src/ranking/relevance-calibration.json (rebuild to apply).');
  if (report) {
    log('searching the test queries');
    const test = await collectSamples('test', indexes);
    console.log('\nTest searches (never fitted or tuned on):');
    console.log(figuresTable(test, scoresOf(test)));
  }
}

await main();
