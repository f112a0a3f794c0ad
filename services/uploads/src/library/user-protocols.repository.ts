import { Inject, Injectable } from '@nestjs/common';
import { write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import type { UserProtocol } from './user-protocol.js';

const key = (userId: string, protocolId: string) => `${userId}/${protocolId}`;

@Injectable()
export class UserProtocolsRepository {
  private readonly protocols: Collection<UserProtocol>;

  constructor(@Inject(UPLOADS_STORE) store: DocumentStore) {
    this.protocols = store.collection<UserProtocol>('user_protocols', { indexes: [['userId', 'state', 'created_at'], ['uploadId', 'state']] });
  }

  get(userId: string, protocolId: string): Promise<UserProtocol | null> {
    return this.protocols.get(key(userId, protocolId));
  }

  put(protocol: Omit<UserProtocol, 'id'>): Promise<void> {
    return this.protocols.put({ ...protocol, id: key(protocol.userId, protocol.protocolId) });
  }

  update(userId: string, protocolId: string, patch: Partial<Omit<UserProtocol, 'id'>>): Promise<UserProtocol | null> {
    return this.protocols.update(key(userId, protocolId), { ...patch, updated_at: new Date().toISOString() });
  }

  /** The write that shallow-merges `patch` into `protocol`, and the protocol it leaves, for a commit with its event. */
  updating(protocol: UserProtocol, patch: Partial<Omit<UserProtocol, 'id'>>): { write: DocumentWrite; after: UserProtocol } {
    const stamped = { ...patch, updated_at: new Date().toISOString() };
    return { write: write.update(this.protocols, protocol.id, stamped), after: { ...protocol, ...stamped } };
  }

  putting(protocol: Omit<UserProtocol, 'id'>): DocumentWrite {
    return write.put(this.protocols, { ...protocol, id: key(protocol.userId, protocol.protocolId) });
  }

  deleting(protocol: UserProtocol): DocumentWrite {
    return write.delete(this.protocols, protocol.id);
  }

  previews(uploadId: string, limit?: number, offset?: number): Promise<UserProtocol[]> {
    return this.protocols.find({ where: { uploadId, state: 'preview' }, sort: [{ field: 'protocolId', direction: 'asc' }], limit, offset });
  }

  countPreviews(uploadId: string): Promise<number> {
    return this.protocols.count({ uploadId, state: 'preview' });
  }

  indexed(userId: string, limit?: number, offset?: number): Promise<UserProtocol[]> {
    return this.protocols.find({ where: { userId, state: 'indexed' }, sort: [{ field: 'created_at', direction: 'desc' }, { field: 'protocolId', direction: 'asc' }], limit, offset });
  }

  /** The protocols an approved upload left in the index, in generation order. */
  indexedFrom(uploadId: string): Promise<UserProtocol[]> {
    return this.protocols.find({ where: { uploadId, state: 'indexed' }, sort: [{ field: 'protocolId', direction: 'asc' }] });
  }

  /** Keeps a checksum taken after approval; not a change the user made, so `updated_at` stays. */
  setChecksum(protocol: UserProtocol, sourceChecksum: string): Promise<UserProtocol | null> {
    return this.protocols.update(protocol.id, { sourceChecksum });
  }

  countIndexed(userId: string): Promise<number> {
    return this.protocols.count({ userId, state: 'indexed' });
  }

  countIndexedFrom(uploadId: string): Promise<number> {
    return this.protocols.count({ uploadId, state: 'indexed' });
  }

  delete(userId: string, protocolId: string): Promise<boolean> {
    return this.protocols.delete(key(userId, protocolId));
  }

  deletePreviews(uploadId: string): Promise<number> {
    return this.protocols.deleteMany({ uploadId, state: 'preview' });
  }

  deleteAllOf(userId: string): Promise<number> {
    return this.protocols.deleteMany({ userId });
  }
}
