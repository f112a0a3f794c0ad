import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';

const text = (bytes) => Buffer.from(bytes).toString('utf8');
const parseJsonLines = (bytes) => text(bytes).trim().split('\n').map(line => JSON.parse(line));

function parseQrels(bytes) {
  const qrels = new Map();
  for (const line of text(bytes).trim().split('\n').slice(1)) {
    const [queryId, docId, grade] = line.split('\t');
    if (!qrels.has(queryId)) qrels.set(queryId, new Map());
    qrels.get(queryId).set(docId, Number(grade));
  }
  return qrels;
}

/** BEIR NFCorpus from its ZIP: docs [{id, title, text}], queries Map id → text, qrels {train, dev, test} Map query → Map doc → grade. */
export function loadNfcorpus(zipPath) {
  const files = unzipSync(readFileSync(zipPath));
  const file = (name) => {
    const bytes = files[`nfcorpus/${name}`];
    if (!bytes) throw new Error(`${zipPath} has no nfcorpus/${name}`);
    return bytes;
  };
  return {
    docs: parseJsonLines(file('corpus.jsonl')).map(d => ({ id: d._id, title: d.title, text: d.text })),
    queries: new Map(parseJsonLines(file('queries.jsonl')).map(q => [q._id, q.text])),
    qrels: { train: parseQrels(file('qrels/train.tsv')), dev: parseQrels(file('qrels/dev.tsv')), test: parseQrels(file('qrels/test.tsv')) },
  };
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;
const DESCRIPTIVE_FIELDS = /^(title|disease|topics):\s*/;

/** The starter protocols as plain text: descriptive front-matter fields (title, disease, topics) and the body. */
export function loadStarterCorpus(root) {
  const protocols = [];
  for (const organisation of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, organisation)).sort()) {
      if (!file.endsWith('.md')) continue;
      const raw = readFileSync(join(root, organisation, file), 'utf8');
      const [, frontMatter = '', body = raw] = raw.match(FRONT_MATTER) ?? [];
      const fields = frontMatter.split('\n').filter(line => DESCRIPTIVE_FIELDS.test(line)).map(line => line.replace(DESCRIPTIVE_FIELDS, '').replace(/[[\]"]/g, ''));
      protocols.push({ id: `${organisation}/${file}`, text: [...fields, body].join('\n') });
    }
  }
  return protocols;
}
