import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { parseEnv } from '@cairn/platform';

export const searchEnvSchema = z
  .object({
    SEARCH_KEYWORD_INDEX: z.enum(['sqlite', 'elasticsearch']).default('sqlite'),
    ELASTICSEARCH_URL: z.url().optional(),
    ELASTICSEARCH_INDEX: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be a lowercase Elasticsearch index name').default('cairn-chunks'),
    SEARCH_VECTOR_INDEX: z.enum(['sqlite', 'qdrant']).default('sqlite'),
    QDRANT_URL: z.url().optional(),
    QDRANT_API_KEY: z.string().optional(),
    QDRANT_COLLECTION: z.string().min(1).default('cairn-chunks'),
    EMBEDDER: z.enum(['local', 'openai', 'none']).default('local'),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
    EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().max(4096).optional(),
    SEARCH_CORPUS_DIR: z.string().min(1).default(fileURLToPath(new URL('../../corpus', import.meta.url))),
  })
  .superRefine((env, ctx) => {
    if (env.SEARCH_KEYWORD_INDEX === 'elasticsearch' && !env.ELASTICSEARCH_URL) {
      ctx.addIssue({ code: 'custom', path: ['ELASTICSEARCH_URL'], message: 'is required when SEARCH_KEYWORD_INDEX=elasticsearch' });
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
