import type { Passage } from '@cairn/contracts';
import { isOrganisationOwner, ownerForDisplay, type IndexedChunk, type ScoredId } from '../chunks/chunk.js';

/** A hit of `POST /protocols/search`: its names (`score`, `body`, `source_url`, …) are docs/product-spec.md §7's. */
export interface SearchHit {
  id: string;
  /** docs/product-spec.md §7 `score`: 0–10 relevance on a calibrated scale; 6 or more means the hit is about the query. */
  score: number;
  /** What ranked the hit: the fused keyword and vector score (BM25 alone when not hybrid), then rank-fused with the query's preferences when any apply. */
  fusion_score: number;
  source: {
    title: string;
    organization: string;
    region: string;
    year: number | null;
    disease: string;
    section: string;
    body: string;
    source_url: string;
    /** `global`, the owner's user id, or `hospital` for a protocol of the user's hospital library. */
    owner: string;
    /** The organisation's name, on a hit from its hospital library only. */
    hospital?: string;
    /** A user's upload: the protocol, the uploaded file and the page the hit was read from. */
    protocol_id?: string;
    source_file?: string;
    page?: number | null;
  };
}

/** The hit of a ranked chunk, with its relevance to the query. */
export function toHit(hit: ScoredId, chunk: IndexedChunk, relevance: number): SearchHit {
  return {
    id: chunk.id,
    score: relevance,
    fusion_score: hit.score,
    source: {
      title: chunk.title,
      organization: chunk.organization,
      region: chunk.region,
      year: chunk.year,
      disease: chunk.disease,
      section: chunk.section,
      body: chunk.body,
      source_url: chunk.sourceUrl,
      owner: ownerForDisplay(chunk.owner),
      ...(isOrganisationOwner(chunk.owner) && { hospital: chunk.hospital ?? '' }),
      ...(chunk.source === 'protocol' && { protocol_id: chunk.documentId, source_file: chunk.sourceFile ?? '', page: chunk.page ?? null }),
    },
  };
}

/** The passage a hit found, with the hit's relevance. */
export const passageOfHit = ({ score, source }: SearchHit): Passage => ({
  text: source.body,
  title: source.title,
  organization: source.organization,
  year: source.year,
  region: source.region,
  url: source.source_url,
  section: source.section,
  disease: source.disease,
  relevance: score,
  ...(source.hospital && { hospital: source.hospital }),
});
