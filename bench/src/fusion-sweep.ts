import { createEmbedder, loadSearchConfig, type FusionSettings } from '@cairn/search';
import { figuresOf, idsOnly, indexCollection, rankWithCairn, type Judgements } from './collection-retrieval.js';
import { loadNfCorpus } from './datasets.js';
import { table } from './metrics.js';
import { collectionHalf, loadMedline, loadPubMedQa, type TestCollection } from './test-collections.js';

/**
 * Chooses the fusion on tune splits only (NFCorpus dev, the held-out collections' tune halves): nDCG@10
 * of each setting beside keyword alone, and the worst margin over keyword across the collections.
 */
const SHARES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1];
/** The keyword leads at which the share deciding first place reaches none (convex fusion only); none: one fixed share. */
const CONFIDENT_LEADS = [0.35, 0.5, 0.75];
const LEAD_SHARES = [0.3, 0.4, 0.5, 0.6];
const SETTINGS: FusionSettings[] = [
  ...(['rrf', 'convex'] as const).flatMap((method) => SHARES.map((vectorShare) => ({ method, vectorShare }))),
  ...CONFIDENT_LEADS.flatMap((confidentLead) => LEAD_SHARES.map((vectorShare) => ({ method: 'convex' as const, vectorShare, confidentLead }))),
];
const settingName = (setting: FusionSettings) => `${setting.method} ${setting.vectorShare}${setting.confidentLead === undefined ? '' : ` lead ${setting.confidentLead}`}`;

const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
const nf = loadNfCorpus();
const tunes: [TestCollection, Judgements][] = [
  [{ name: 'NFCorpus dev', documents: nf.documents, queries: nf.queries, qrels: nf.qrels.dev }, nf.qrels.dev],
  ...[loadPubMedQa(), loadMedline()].map((collection): [TestCollection, Judgements] => [collection, collectionHalf(collection.qrels, 'tune')]),
];
const margins = new Map<string, number[]>(SETTINGS.map((setting) => [settingName(setting), []]));
const p1Margins = new Map<string, number[]>(SETTINGS.map((setting) => [settingName(setting), []]));
const rows: (string | number)[][] = [];
for (const [collection, judgements] of tunes) {
  const { searchWith, close } = await indexCollection(collection, embedder, collection.name);
  const keyword = figuresOf('keyword', idsOnly(await rankWithCairn(searchWith(SETTINGS[0]), collection.queries, judgements, { label: '', mode: 'keyword', enhance: true })), judgements);
  for (const setting of SETTINGS) {
    const name = settingName(setting);
    const rankings = await rankWithCairn(searchWith(setting), collection.queries, judgements, { label: name, mode: 'hybrid', enhance: true });
    const figures = figuresOf(name, idsOnly(rankings), judgements);
    margins.get(name)!.push(figures.ndcg10 - keyword.ndcg10);
    p1Margins.get(name)!.push(figures.p1 - keyword.p1);
    rows.push([collection.name, name, figures.ndcg10.toFixed(4), (figures.ndcg10 - keyword.ndcg10).toFixed(4), (figures.p1 - keyword.p1).toFixed(3)]);
  }
  await close();
}
console.log(table(['tune split', 'fusion', 'nDCG@10', 'Δ keyword', 'Δ P@1'], rows));
console.log(
  table(
    ['fusion', 'worst Δ nDCG@10', 'mean Δ nDCG@10', 'worst Δ P@1'],
    [...margins].map(([name, deltas]) => [
      name,
      Math.min(...deltas).toFixed(4),
      (deltas.reduce((a, b) => a + b, 0) / deltas.length).toFixed(4),
      Math.min(...p1Margins.get(name)!).toFixed(3),
    ]),
  ),
);
