/** Longest query search and generation accept. */
export const QUERY_MAX_LENGTH = 1000;

export const QueryMessages = {
  empty: 'Please enter a medical question or topic to search.',
  tooLong: `Query too long (max ${QUERY_MAX_LENGTH} characters)`,
} as const;

/** docs/product-spec.md §5: the categories the server screens a query out with (its message is then the answer). */
export const SCREENING_CATEGORIES = ['harmful', 'irrelevant', 'out_of_scope_medical', 'greeting', 'too_short', 'empty', 'invalid_query'] as const;

export type ScreeningCategory = (typeof SCREENING_CATEGORIES)[number];
