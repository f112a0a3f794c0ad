import { createHmac } from 'node:crypto';

export const TRAIL_ACTIONS = ['approve', 'publish', 'unpublish', 'rename', 'regeneration', 'deletion', 'erasure'] as const;
export type TrailAction = (typeof TRAIL_ACTIONS)[number];

/** What happened to which protocol; the trail adds when, who and in which organisation. */
export interface TrailFact {
  action: TrailAction;
  /** The user's protocol (the library copy's source for library actions); empty when none. */
  protocolId: string;
  protocolTitle: string;
  /** The hospital library copy the action concerns; empty for a user's own protocol. */
  libraryProtocolId?: string;
  sourceFile: string;
  /** SHA-256 (hex) of the source file's bytes; empty when unknown. */
  sourceChecksum: string;
  detail?: string;
}

/** One line of the approval trail: written once, never changed, removed only past its retention. */
export interface TrailEntry extends Required<TrailFact> {
  id: string;
  at: string;
  /** The organisation the actor belonged to when acting; empty for none. */
  organisationId: string;
  /** The actor's opaque key (`actorKey`), never their uid: erasure leaves nothing that names them. */
  actorKey: string;
}

/** The directory entry beside the trail: who an actor key is, until their account is erased. */
export interface TrailPerson {
  id: string;
  name: string;
  email: string;
  organisationId: string;
  updatedAt: string;
}

/** Who acted, as the trail stores them. */
export interface TrailActor {
  key: string;
  organisationId: string;
}

/**
 * A user's opaque key in the trail: an HMAC of their uid under the deployment's pseudonym secret, so
 * whoever holds a uid and an exported trail still cannot find that user's entries in it.
 */
export const actorKey = (userId: string, secret: Buffer) => createHmac('sha256', secret).update(userId).digest('hex');

/** The short, stable name an erased actor keeps in the trail. */
export const pseudonym = (key: string) => key.slice(0, 8);

export const erasedAccount = (key: string) => `Erased account ${pseudonym(key)}`;

/** An actor as the trail shows them: their name and email, or their pseudonym once erased. */
export function actorLabel(key: string, person: TrailPerson | null | undefined) {
  if (!person) return { name: erasedAccount(key), email: '', erased: true };
  return { name: person.name || person.email || pseudonym(key), email: person.email, erased: false };
}

/** `GET /library/approval-trail`: one entry with its actor resolved. */
export function toTrailView(entry: TrailEntry, person: TrailPerson | null | undefined) {
  return {
    id: entry.id,
    at: entry.at,
    action: entry.action,
    actor: actorLabel(entry.actorKey, person),
    protocolId: entry.protocolId,
    protocolTitle: entry.protocolTitle,
    libraryProtocolId: entry.libraryProtocolId,
    sourceFile: entry.sourceFile,
    sourceChecksum: entry.sourceChecksum,
    detail: entry.detail,
  };
}

export type TrailView = ReturnType<typeof toTrailView>;
