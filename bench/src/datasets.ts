import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shared public datasets live beside the project, never inside it. */
export function datasetPath(name: string): string {
  const dir = process.env.CAIRN_DATASETS_DIR ?? resolve(repoRoot, '../shared/datasets');
  const path = resolve(dir, name);
  if (!existsSync(path)) {
    throw new Error(`Dataset ${name} not found at ${path}. Put the shared datasets at ../shared/datasets or set CAIRN_DATASETS_DIR.`);
  }
  return path;
}

export interface NfCorpus {
  documents: { id: string; title: string; text: string }[];
  queries: Map<string, string>;
  /** split → query id → document id → grade */
  qrels: Record<'train' | 'dev' | 'test', Map<string, Map<string, number>>>;
}

export function loadNfCorpus(): NfCorpus {
  const files = unzipSync(readFileSync(datasetPath('nfcorpus.zip')));
  const text = (suffix: string) => {
    const name = Object.keys(files).find((key) => key.endsWith(suffix));
    if (!name) throw new Error(`nfcorpus.zip has no ${suffix}`);
    return strFromU8(files[name]);
  };
  const jsonLines = (suffix: string) => text(suffix).trim().split('\n').map((line) => JSON.parse(line));
  const qrels = (split: string) => {
    const bySplit = new Map<string, Map<string, number>>();
    for (const line of text(`qrels/${split}.tsv`).trim().split('\n').slice(1)) {
      const [query, document, grade] = line.split('\t');
      if (!bySplit.has(query)) bySplit.set(query, new Map());
      bySplit.get(query)!.set(document, Number(grade));
    }
    return bySplit;
  };
  return {
    documents: jsonLines('corpus.jsonl').map((d: { _id: string; title: string; text: string }) => ({ id: d._id, title: d.title, text: d.text })),
    queries: new Map(jsonLines('queries.jsonl').map((q: { _id: string; text: string }) => [q._id, q.text])),
    qrels: { train: qrels('train'), dev: qrels('dev'), test: qrels('test') },
  };
}
