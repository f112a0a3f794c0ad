import type { ApiClient } from '../api/api-client';
import { isEntry, text } from '../api/response-body';

/** A protocol of the organisation's hospital library (docs/hospital-library.md, "The library"). */
export interface LibraryProtocol {
  id: string;
  title: string;
  /** The editor's own protocol it was copied from. */
  sourceProtocolId: string;
  sourceFile: string;
  sourceChecksum: string;
  publishedAt: string;
  publishedBy: string;
}

export interface HospitalLibrary {
  organisation: { id: string; name: string } | null;
  roles: string[];
  protocols: LibraryProtocol[];
}

export const NO_LIBRARY: HospitalLibrary = { organisation: null, roles: [], protocols: [] };

const name = (value: unknown): string => (isEntry(value) ? (text(value.name) ?? '') : (text(value) ?? ''));

function readProtocol(entry: Record<string, unknown>): LibraryProtocol | null {
  const id = text(entry.id);
  if (!id) return null;
  return {
    id,
    title: text(entry.title) ?? '',
    sourceProtocolId: text(entry.sourceProtocolId) ?? '',
    sourceFile: text(entry.sourceFile) ?? '',
    sourceChecksum: text(entry.sourceChecksum) ?? '',
    publishedAt: text(entry.publishedAt) ?? '',
    publishedBy: name(entry.publishedBy),
  };
}

/** `GET /library`, read leniently: anything unexpected counts as no organisation. */
export function readHospitalLibrary(body: unknown): HospitalLibrary {
  if (!isEntry(body)) return NO_LIBRARY;
  const organisation = isEntry(body.organisation) ? body.organisation : null;
  const id = organisation && text(organisation.id);
  return {
    organisation: id ? { id, name: text(organisation.name) ?? id } : null,
    roles: Array.isArray(body.roles) ? body.roles.filter((role): role is string => typeof role === 'string') : [],
    protocols: id && Array.isArray(body.protocols) ? body.protocols.filter(isEntry).map(readProtocol).filter((protocol) => protocol !== null) : [],
  };
}

export const loadHospitalLibrary = async (api: ApiClient): Promise<HospitalLibrary> => readHospitalLibrary(await api.get('/library', { retries: 1 }));

/** What the signed-in user may do with their organisation's library. */
export interface LibraryAccess {
  member: boolean;
  editor: boolean;
  administrator: boolean;
}

export function libraryAccess(library: HospitalLibrary | null): LibraryAccess {
  const member = !!library?.organisation;
  const administrator = member && library.roles.includes('administrator');
  return { member, administrator, editor: administrator || (member && library.roles.includes('editor')) };
}

/** The library copy of one of the user's own protocols, if it is published. */
export const libraryCopyOf = (library: HospitalLibrary | null, protocolId: string): LibraryProtocol | undefined =>
  library?.protocols.find((protocol) => protocol.sourceProtocolId === protocolId);
