/** Spec: a search hit's `score` of this or more means the hit is about the question (user-only results under it get the not-relevant reply). */
export const RELEVANCE_LINE = 6;
