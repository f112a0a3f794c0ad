import { z } from 'zod';

export const SEARCH_DEFAULT_SIZE = 8;
export const SEARCH_MAX_SIZE = 100;
export const SEARCH_MODES = ['mixed', 'global_only', 'user_only', 'hospital_only'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .default('true')
    .transform((value) => value === 'true' || value === '1');

export const searchQuerySchema = z.object({
  use_hybrid: flag('use_hybrid'),
  enhance_query: flag('enhance_query'),
  user_id: z.string().min(1, 'user_id must not be empty').optional(),
  search_mode: z.enum(SEARCH_MODES, { error: `search_mode must be one of ${SEARCH_MODES.join(', ')}` }).default('mixed'),
});

export const searchBodySchema = z.object({
  query: z.string({ error: 'query is required' }),
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(SEARCH_MAX_SIZE, `size must be at most ${SEARCH_MAX_SIZE}`)
    .default(SEARCH_DEFAULT_SIZE),
});

export type SearchQueryParams = z.infer<typeof searchQuerySchema>;
export type SearchBody = z.infer<typeof searchBodySchema>;
