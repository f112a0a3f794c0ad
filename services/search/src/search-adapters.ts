import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fetchTrusting, readCaBundle, type PlatformConfig } from '@cairn/platform';
import type { SearchConfig } from './config/search-config.js';
import type { Embedder } from './embedding/embedder.port.js';
import type { KeywordIndex } from './keyword/keyword-index.port.js';
import type { VectorIndex } from './vector/vector-index.port.js';

/** The standalone index file; the keyword and vector adapters keep their tables side by side in it. */
export const indexFile = (platform: PlatformConfig) => join(platform.DATA_DIR, 'search-index.sqlite');

export async function createKeywordIndex(config: SearchConfig, platform: PlatformConfig): Promise<KeywordIndex> {
  if (config.SEARCH_KEYWORD_INDEX === 'elasticsearch') {
    const { ElasticsearchKeywordIndex } = await import('./keyword/adapters/elasticsearch-keyword-index.adapter.js');
    return ElasticsearchKeywordIndex.connect({
      url: config.ELASTICSEARCH_URL!,
      index: config.ELASTICSEARCH_INDEX,
      ca: readCaBundle('ELASTICSEARCH_CA_FILE', config.ELASTICSEARCH_CA_FILE),
      auth: elasticsearchAuth(config),
    });
  }
  const { SqliteKeywordIndex } = await import('./keyword/adapters/sqlite-keyword-index.adapter.js');
  return new SqliteKeywordIndex(indexFile(platform));
}

export async function createVectorIndex(config: SearchConfig, platform: PlatformConfig, embedder: Embedder | null): Promise<VectorIndex> {
  if (config.SEARCH_VECTOR_INDEX === 'qdrant') {
    const { QdrantVectorIndex } = await import('./vector/adapters/qdrant-vector-index.adapter.js');
    return QdrantVectorIndex.connect({
      url: config.QDRANT_URL!,
      apiKey: config.QDRANT_API_KEY,
      ca: readCaBundle('QDRANT_CA_FILE', config.QDRANT_CA_FILE),
      collection: modelCollection(config.QDRANT_COLLECTION, embedder),
      dimensions: embedder?.dimensions ?? 0,
    });
  }
  // A built deployment scores vectors on a worker thread; sources run by jest have no compiled worker script.
  const worker = new URL('./vector/adapters/sqlite-vector-index.worker.js', import.meta.url);
  if (existsSync(worker)) {
    const { WorkerThreadVectorIndex } = await import('./vector/adapters/worker-thread-vector-index.adapter.js');
    return new WorkerThreadVectorIndex(worker, indexFile(platform), vectorModel(embedder));
  }
  const { SqliteVectorIndex } = await import('./vector/adapters/sqlite-vector-index.adapter.js');
  return new SqliteVectorIndex(indexFile(platform), vectorModel(embedder));
}

const vectorModel = (embedder: Embedder | null) => (embedder ? { id: embedder.modelId, dimensions: embedder.dimensions } : undefined);

/**
 * Each embedding model writes its own Qdrant collection (`<QDRANT_COLLECTION>-<8 hex of the model id>`):
 * a changed model starts an empty one, filled by the vector backfill, and never searches the old vectors.
 */
export function modelCollection(collection: string, embedder: Embedder | null): string {
  return embedder ? `${collection}-${createHash('sha256').update(embedder.modelId).digest('hex').slice(0, 8)}` : collection;
}

export async function createEmbedder(config: SearchConfig): Promise<Embedder | null> {
  const embedder = await createModelEmbedder(config);
  if (!embedder || !config.EMBEDDING_CACHE_FILE) return embedder;
  const { SqliteCachedEmbedder } = await import('./embedding/adapters/sqlite-cached-embedder.adapter.js');
  return new SqliteCachedEmbedder(embedder, config.EMBEDDING_CACHE_FILE);
}

async function createModelEmbedder(config: SearchConfig): Promise<Embedder | null> {
  if (config.EMBEDDER === 'none') return null;
  if (config.EMBEDDER === 'openai') {
    const { OpenAiEmbedder } = await import('./embedding/adapters/openai-embedder.adapter.js');
    return new OpenAiEmbedder({
      baseURL: config.OPENAI_BASE_URL!,
      apiKey: config.OPENAI_API_KEY,
      model: config.EMBEDDING_MODEL,
      dimensions: config.EMBEDDING_DIMENSIONS,
      fetch: fetchTrusting(readCaBundle('OPENAI_CA_FILE', config.OPENAI_CA_FILE)),
    });
  }
  if (config.EMBEDDER === 'universal-sentence-encoder') {
    const { UniversalSentenceEncoderEmbedder } = await import('./embedding/adapters/universal-sentence-encoder-embedder.adapter.js');
    return UniversalSentenceEncoderEmbedder.load();
  }
  const { LocalEmbedderAdapter } = await import('./embedding/adapters/local-embedder.adapter.js');
  return LocalEmbedderAdapter.load();
}

function elasticsearchAuth(config: SearchConfig) {
  if (config.ELASTICSEARCH_API_KEY) return { apiKey: config.ELASTICSEARCH_API_KEY };
  if (config.ELASTICSEARCH_USERNAME) return { username: config.ELASTICSEARCH_USERNAME, password: config.ELASTICSEARCH_PASSWORD! };
  return undefined;
}
