import type { MessageInitShape } from '@bufbuild/protobuf';
import type { SearchHit, SearchHitSchema } from './gen/cairn/search/v1/search_pb.js';

/**
 * A passage of a protocol with its provenance: what search finds, what generation is given as context
 * and what a protocol cites as a numbered source. Wire formats keep their own names (the search API's
 * `body`, `source_url` and `score`; the bus's `sourceUrl` and year 0 when unknown) and are mapped to and
 * from this where they are read and written.
 */
export interface Passage {
  text: string;
  title: string;
  organization: string;
  /** Publication year; null when unknown. */
  year: number | null;
  region: string;
  /** Where the passage can be read: a published page, or an uploaded file opened at its page. */
  url: string;
  section: string;
  /** The document's subject (disease or topic), as search indexed it. */
  disease?: string;
  /** Search's calibrated relevance of the passage to the question, 0–10 (6 or more: about it). */
  relevance?: number;
  /** The organisation's name when the passage comes from its hospital library. */
  hospital?: string;
}

/** What a `search.answered` hit says besides its passage: the chunk, its fused score and its owner. */
export interface SearchHitRanking {
  id: string;
  score: number;
  owner: string;
}

/** A passage as a hit of `search.answered`. */
export function searchHitFromPassage(passage: Passage, { id, score, owner }: SearchHitRanking): MessageInitShape<typeof SearchHitSchema> {
  return {
    id,
    score,
    relevance: passage.relevance ?? 0,
    title: passage.title,
    organization: passage.organization,
    region: passage.region,
    year: passage.year ?? 0,
    disease: passage.disease ?? '',
    section: passage.section,
    body: passage.text,
    sourceUrl: passage.url,
    owner,
    hospital: passage.hospital ?? '',
  };
}

/** The passage of a `search.answered` hit. */
export const passageFromSearchHit = (hit: SearchHit): Passage => ({
  text: hit.body,
  title: hit.title,
  organization: hit.organization,
  year: hit.year || null,
  region: hit.region,
  url: hit.sourceUrl,
  section: hit.section,
  disease: hit.disease,
  relevance: hit.relevance,
  ...(hit.hospital && { hospital: hit.hospital }),
});
