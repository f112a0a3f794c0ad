import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type QueryKind = 'paraphrase' | 'lay' | 'abbreviation' | 'paediatric' | 'typo-1' | 'typo-2';
export type Half = 'tune' | 'test';

/** A query as a clinician types it, with the starter documents judged relevant to it (grade 2 or 1). */
export interface ClinicalQuery {
  id: string;
  query: string;
  kind: QueryKind;
  half: Half;
  relevant: Record<string, number>;
  /** For a typo: the query as meant. */
  intended?: string;
}

/** The half a query belongs to: fixed by the SHA-256 of its text, so no one chooses it. */
export function halfOf(query: string): Half {
  return createHash('sha256').update(query, 'utf8').digest()[0] < 128 ? 'tune' : 'test';
}

export function loadClinicalQueries(path: string): ClinicalQuery[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { queries: ClinicalQuery[] }).queries;
}
