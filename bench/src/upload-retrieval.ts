import { resolve } from 'node:path';
import { readCorpusFiles, starterDocument } from '@cairn/search';
import { loadClinicalQueries } from './clinical-queries.js';
import { clinicalQueriesFile } from './clinical-retrieval.js';
import { loadNfCorpus, repoRoot } from './datasets.js';
import { mean, table } from './metrics.js';
import { nfCorpusQueries, type JudgedQuery } from './relevance-samples.js';
import { documentsByTitle, prepareUploadedCollections, searchAs, signIn, startServer, type Session } from './uploaded-collections.js';

type Hit = { id: string; score: number; source: { title: string; owner?: string } };
type Judge = (query: JudgedQuery, hit: Hit) => boolean;

const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
const documentOf = (hit: Hit) => hit.id.split('#')[0];

interface Row {
  label: string;
  queries: number;
  p1: number;
  rightScoring6: number;
}

/** P@1 and the share of right first hits scoring 6 or more, asking every query in one scope through the HTTP API. */
async function answered(label: string, session: Session, mode: 'user_only' | 'global_only', queries: JudgedQuery[], judge: Judge): Promise<Row> {
  const right: number[] = [];
  for (const query of queries) {
    const [top] = (await searchAs(session, query.text, mode)).hits;
    right.push(top && judge(query, top) ? top.score : -1);
  }
  const found = right.filter((score) => score >= 0);
  return { label, queries: queries.length, p1: found.length / queries.length, rightScoring6: found.filter((score) => score >= 6).length / Math.max(1, found.length) };
}

/** The share of queries whose first hit scores 6 or more in a scope that holds nothing about them. */
async function unrelated(session: Session, queries: JudgedQuery[]): Promise<number> {
  const scores: number[] = [];
  for (const query of queries) scores.push((await searchAs(session, query.text, 'user_only')).hits[0]?.score ?? 0);
  return mean(scores.map((score) => (score >= 6 ? 1 : 0)));
}

interface Beside {
  queries: number;
  bothFound: number;
  withinOne: number;
  meanGap: number;
}

/**
 * In All (mixed), where the right uploaded protocol ranks against the right starter document it copies:
 * over the queries whose first eight hits hold both, how many documents apart the first of each is.
 */
async function besideStarter(session: Session, queries: JudgedQuery[], judge: Judge): Promise<Beside> {
  const gaps: number[] = [];
  for (const query of queries) {
    const hits = (await searchAs(session, query.text, 'mixed')).hits as Hit[];
    const documents = [...new Map(hits.map((hit) => [documentOf(hit), hit])).values()];
    const rank = (uploaded: boolean) => documents.findIndex((hit) => (hit.source.owner === session.uid) === uploaded && judge(query, hit));
    const [upload, starter] = [rank(true), rank(false)];
    if (upload >= 0 && starter >= 0) gaps.push(Math.abs(upload - starter));
  }
  return { queries: queries.length, bothFound: gaps.length, withinOne: gaps.filter((gap) => gap <= 1).length, meanGap: mean(gaps) };
}

/**
 * NFCorpus's 3,633 PDFs uploaded by a hospital versus the same PDFs ingested into the global corpus,
 * asked NFCorpus's test questions through the API as the web app asks them; and a 60-page acute care
 * guideline uploaded by another hospital, asked the clinical test queries. Unrelated: each hospital
 * asked the other's questions.
 */
async function main(): Promise<void> {
  const log = (line: string) => console.error(`· ${line}`);
  const collections = await prepareUploadedCollections(log);
  const corpus = loadNfCorpus();
  const documentsOf = documentsByTitle(corpus.documents);
  const nfJudge: Judge = (query, hit) => documentsOf(collections.sourceFiles.get(documentOf(hit)) ?? hit.source.title).some((id) => query.relevant.has(id));
  const chapters = documentsByTitle((await readCorpusFiles(resolve(repoRoot, 'services/search/corpus'))).map(starterDocument));
  const clinicalJudge: Judge = (query, hit) => chapters(hit.source.title).some((id) => query.relevant.has(id));
  const nfQueries = nfCorpusQueries(corpus, 'test');
  const clinical = loadClinicalQueries(clinicalQueriesFile('test'))
    .filter((query) => query.half === 'test')
    .map((query) => ({ text: query.query, relevant: new Set(Object.entries(query.relevant).filter(([, grade]) => grade === 2).map(([id]) => id)) }));
  const server = await startServer(collections.dataDir);
  try {
    const nfcorpus = await signIn(server, collections.nfcorpus);
    const guideline = await signIn(server, collections.guideline);
    log('asking the test questions');
    const rows = [
      await answered('NFCorpus test questions, uploaded as PDFs (My Protocols)', nfcorpus, 'user_only', nfQueries, nfJudge),
      await answered('NFCorpus test questions, the same PDFs ingested (Global Only)', nfcorpus, 'global_only', nfQueries, nfJudge),
      await answered('clinical test queries, a 60-page guideline uploaded as a PDF (My Protocols)', guideline, 'user_only', clinical, clinicalJudge),
    ];
    const strays = [await unrelated(guideline, nfQueries), await unrelated(nfcorpus, clinical)];
    console.log('Upload retrieval: the standalone server, each question asked as the web app asks it (hybrid, enhanced, 8 hits)');
    console.log(
      table(
        ['collection and questions', 'questions', 'P@1', 'right first hits scoring ≥ 6', 'unrelated first hits scoring ≥ 6'],
        rows.map((row, i) => [row.label, String(row.queries), percent(row.p1), percent(row.rightScoring6), i === 1 ? '–' : percent(strays[i === 0 ? 0 : 1])]),
      ),
    );
    console.log('Unrelated: the NFCorpus questions asked of the guideline hospital, the clinical queries of the NFCorpus hospital.');
    const beside = await besideStarter(guideline, clinical, clinicalJudge);
    console.log(
      `\nAll (mixed), the guideline hospital asked the ${beside.queries} clinical test queries: the right uploaded chapter and the right starter document both among the first 8 hits for ${beside.bothFound}; ` +
        `within one document of each other for ${beside.withinOne} (${percent(beside.withinOne / Math.max(1, beside.bothFound))}); mean gap ${beside.meanGap.toFixed(2)} documents.`,
    );
  } finally {
    await server.stop();
  }
}

await main();
