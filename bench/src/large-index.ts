import { join, resolve } from 'node:path';
import {
  ChunkWriter,
  chunkDocument,
  createEmbedder,
  loadSearchConfig,
  readCorpusFiles,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  starterDocument,
  type IndexedChunk,
} from '@cairn/search';
import { loadNfCorpus, repoRoot } from './datasets.js';

export const LARGE_INDEX_CHUNKS = 100_000;

/** A small seeded generator, so every run synthesises the same index. */
function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sentencesOf = (text: string) => (text.match(/[^.!?]+[.!?]+/g) ?? [text]).map((s) => s.trim()).filter((s) => s.length > 20);

/**
 * Fills DATA_DIR with `target` (~100,000) distinct chunks: the starter corpus, NFCorpus abstracts in two-sentence
 * passages, and passages recombined from random NFCorpus sentences (one in five also carrying a
 * sentence of a starter protocol), so term statistics look like a real medical index, not copies.
 */
export async function synthesiseLargeIndex(dataDir: string, target = LARGE_INDEX_CHUNKS): Promise<number> {
  const random = seededRandom(20261122);
  const embedder = await createEmbedder(loadSearchConfig({ ...process.env, EMBEDDER: process.env.EMBEDDER ?? 'local' }));
  const file = join(dataDir, 'search-index.sqlite');
  const keywords = new SqliteKeywordIndex(file);
  const vectors = new SqliteVectorIndex(file);
  const writer = new ChunkWriter(keywords, vectors, embedder);
  const documents = loadNfCorpus().documents;
  const starter = (await readCorpusFiles(resolve(repoRoot, 'services/search/corpus'))).flatMap((f) => chunkDocument(starterDocument(f)));
  const starterSentences = starter.flatMap((chunk) => sentencesOf(chunk.body.replace(/^- /gm, '')));
  const passage = (id: string, title: string, body: string): IndexedChunk => ({
    id,
    documentId: id.split('#')[0],
    owner: 'global',
    source: 'ingested',
    title,
    organization: 'PubMed',
    region: 'Global',
    year: null,
    disease: '',
    topics: [],
    section: '',
    body,
    sourceUrl: '',
  });
  const chunks: IndexedChunk[] = [];
  const pool: string[] = [];
  for (const document of documents) {
    const sentences = sentencesOf(document.text);
    pool.push(...sentences);
    for (let start = 0; start < sentences.length; start += 2) {
      chunks.push(passage(`nfc/${document.id}#${start / 2 + 1}`, document.title, sentences.slice(start, start + 2).join(' ')));
    }
  }
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  for (let n = 1; chunks.length < target - starter.length; n++) {
    const body = [pick(pool), pick(pool), ...(random() < 0.2 ? [pick(starterSentences)] : [])].join(' ');
    chunks.push(passage(`mix/${n}#1`, pick(documents).title, body));
  }
  const started = Date.now();
  await writer.write(chunks, (done) => {
    if (done % 10_000 < 64) process.stderr.write(`\r  indexing ${done}/${chunks.length} chunks`);
  });
  process.stderr.write(`\r  indexed ${chunks.length} chunks in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  await Promise.all([keywords.close(), vectors.close()]);
  return chunks.length + starter.length;
}
