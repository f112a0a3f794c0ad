/** Where a chunk came from: the bundled starter corpus, the ingest CLI, or an approved protocol (a user's, or a hospital library's copy). */
export type ChunkSource = 'starter' | 'ingested' | 'protocol';

export const GLOBAL_OWNER = 'global';

/** A user's documents are owned by `user:<uid>`, so no user id can ever collide with `global`. */
export const userOwner = (uid: string) => `user:${uid}`;

/** An organisation's hospital library is owned by `org:<organisationId>`, apart from every user and from `global`. */
export const organisationOwner = (organisationId: string) => `org:${organisationId}`;

export const isOrganisationOwner = (owner: string) => owner.startsWith('org:');

/** The owner as API responses show it: `global`, the user's id, or `hospital` for a library protocol. */
export const ownerForDisplay = (owner: string) => (owner.startsWith('user:') ? owner.slice('user:'.length) : isOrganisationOwner(owner) ? 'hospital' : owner);

/** A searchable piece of a protocol document: one section (or part of one) with its document's metadata. */
export interface IndexedChunk {
  id: string;
  documentId: string;
  owner: string;
  source: ChunkSource;
  title: string;
  organization: string;
  region: string;
  year: number | null;
  disease: string;
  topics: string[];
  section: string;
  body: string;
  /** Where the chunk can be read: a published page, or an uploaded file opened at the chunk's page. */
  sourceUrl: string;
  /** Name of the uploaded file the chunk comes from (a user's protocol only). */
  sourceFile?: string;
  /** Page of the uploaded file the chunk starts on (1-based; a user's protocol only). */
  page?: number;
  /** The organisation's name, on the chunks of its hospital library. */
  hospital?: string;
}

export interface ScoredId {
  id: string;
  score: number;
}

export interface DocumentFilter {
  owner: string;
  documentId?: string;
  source?: ChunkSource;
}
