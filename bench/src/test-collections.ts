import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './datasets.js';

/** A retrieval test collection: documents, queries and judgements (query id → document id → grade). */
export interface TestCollection {
  name: string;
  documents: { id: string; title: string; text: string }[];
  queries: Map<string, string>;
  qrels: Map<string, Map<string, number>>;
}

export type CollectionHalf = 'tune' | 'test';

const heldOutFile = (name: string) => readFileSync(join(repoRoot, 'bench/data/heldout', name), 'utf8');

/**
 * PubMedQA PQA-L: 1,000 expert-annotated research questions, each asked of the abstract it was written
 * from. The abstract's conclusion (LONG_ANSWER) is left out, as PubMedQA's own reasoning-required setting does.
 */
export function loadPubMedQa(): TestCollection {
  const entries = JSON.parse(heldOutFile('pubmedqa-pqa-l.json')) as Record<string, { QUESTION: string; CONTEXTS: string[] }>;
  const ids = Object.keys(entries);
  return {
    name: 'PubMedQA PQA-L',
    documents: ids.map((id) => ({ id, title: '', text: entries[id].CONTEXTS.join(' ') })),
    queries: new Map(ids.map((id) => [id, entries[id].QUESTION])),
    qrels: new Map(ids.map((id) => [id, new Map([[id, 1]])])),
  };
}

/** The SMART project's MEDLINE collection: 1,033 abstracts, 30 queries, binary judgements. */
export function loadMedline(): TestCollection {
  const records = (text: string) =>
    text
      .split(/^\.I\s+/m)
      .slice(1)
      .map((record) => {
        const [id, ...rest] = record.split('\n');
        return { id: id.trim(), text: rest.join(' ').replace(/^\s*\.W\s*/, '').replace(/\s+/g, ' ').trim() };
      });
  const qrels = new Map<string, Map<string, number>>();
  for (const line of heldOutFile('MED.REL').trim().split('\n')) {
    const [query, , document, grade] = line.trim().split(/\s+/);
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query)!.set(document, Number(grade));
  }
  return {
    name: 'MEDLINE (SMART)',
    documents: records(heldOutFile('MED.ALL')).map(({ id, text }) => ({ id, title: '', text })),
    queries: new Map(records(heldOutFile('MED.QRY')).map(({ id, text }) => [id, text])),
    qrels,
  };
}

/** Alternate queries in id order: the tune half (where weights may be chosen) and the test half (reported). */
export function collectionHalf(qrels: Map<string, Map<string, number>>, half: CollectionHalf): Map<string, Map<string, number>> {
  const ids = [...qrels.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return new Map(ids.filter((_, index) => (index % 2 === 0) === (half === 'tune')).map((id) => [id, qrels.get(id)!]));
}
