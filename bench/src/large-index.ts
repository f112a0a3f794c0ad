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

/** Chunks are written in batches of this many, so a million never sit in memory at once. */
const WRITE_BATCH = 8192;

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
 * Fills DATA_DIR with `count` distinct chunks: the starter corpus, NFCorpus abstracts in two-sentence
 * passages, and passages recombined from random NFCorpus sentences (one in five also carrying a
 * sentence of a starter protocol), so term statistics look like a real medical index, not copies.
 * Returns how long writing took.
 */
export async function synthesiseLargeIndex(dataDir: string, count: number): Promise<{ seconds: number }> {
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
  const pool: string[] = [];
  function* passages(): Generator<IndexedChunk> {
    for (const document of documents) {
      const sentences = sentencesOf(document.text);
      pool.push(...sentences);
      for (let start = 0; start < sentences.length; start += 2) {
        yield passage(`nfc/${document.id}#${start / 2 + 1}`, document.title, sentences.slice(start, start + 2).join(' '));
      }
    }
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    for (let n = 1; ; n++) {
      const body = [pick(pool), pick(pool), ...(random() < 0.2 ? [pick(starterSentences)] : [])].join(' ');
      yield passage(`mix/${n}#1`, pick(documents).title, body);
    }
  }
  const total = count - starter.length;
  const started = Date.now();
  let written = 0;
  let batch: IndexedChunk[] = [];
  for (const chunk of passages()) {
    if (written + batch.length >= total) break;
    batch.push(chunk);
    if (batch.length < WRITE_BATCH) continue;
    await writer.write(batch);
    written += batch.length;
    batch = [];
    process.stderr.write(`\r  indexing ${written}/${total} chunks`);
  }
  await writer.write(batch);
  written += batch.length;
  await Promise.all([keywords.close(), vectors.close()]);
  const seconds = (Date.now() - started) / 1000;
  process.stderr.write(`\r  indexed ${written} chunks in ${seconds.toFixed(0)} s\n`);
  return { seconds };
}
