import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DocumentStores, HealthRegistry, PLATFORM_CONFIG, type PlatformConfig } from '@cairn/platform';
import { loadSearchConfig, SEARCH_CONFIG, type SearchConfig } from './config/search-config.js';
import { EMBEDDER, type Embedder } from './embedding/embedder.port.js';
import { ChunkWriter } from './indexing/chunk-writer.js';
import { KEYWORD_INDEX, type KeywordIndex } from './keyword/keyword-index.port.js';
import { createEmbedder, createKeywordIndex, createVectorIndex } from './search-adapters.js';
import { SEARCH_STORE } from './search.tokens.js';
import { VECTOR_INDEX, type VectorIndex } from './vector/vector-index.port.js';

/** The indexes, the embedder and the writer that fills them: shared by the service and the ingest CLI. */
@Module({
  providers: [
    { provide: SEARCH_CONFIG, useFactory: () => loadSearchConfig() },
    { provide: SEARCH_STORE, useFactory: (stores: DocumentStores) => stores.get('search'), inject: [DocumentStores] },
    { provide: EMBEDDER, useFactory: createEmbedder, inject: [SEARCH_CONFIG] },
    {
      provide: KEYWORD_INDEX,
      useFactory: async (config: SearchConfig, platform: PlatformConfig, health: HealthRegistry) => {
        const index = await createKeywordIndex(config, platform);
        health.register('search:keyword-index', () => index.ping());
        return index;
      },
      inject: [SEARCH_CONFIG, PLATFORM_CONFIG, HealthRegistry],
    },
    {
      provide: VECTOR_INDEX,
      useFactory: async (config: SearchConfig, platform: PlatformConfig, embedder: Embedder | null, health: HealthRegistry) => {
        const index = await createVectorIndex(config, platform, embedder);
        health.register('search:vector-index', () => index.ping());
        return index;
      },
      inject: [SEARCH_CONFIG, PLATFORM_CONFIG, EMBEDDER, HealthRegistry],
    },
    ChunkWriter,
  ],
  exports: [SEARCH_CONFIG, SEARCH_STORE, EMBEDDER, KEYWORD_INDEX, VECTOR_INDEX, ChunkWriter],
})
export class SearchIndexModule implements OnApplicationShutdown {
  constructor(
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.keywords.close(), this.vectors.close()]);
  }
}
