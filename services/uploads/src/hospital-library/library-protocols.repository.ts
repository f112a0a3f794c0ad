import { Inject, Injectable } from '@nestjs/common';
import { write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import type { LibraryProtocol } from './library-protocol.js';

/** Every organisation's hospital library. */
@Injectable()
export class LibraryProtocolsRepository {
  private readonly protocols: Collection<LibraryProtocol>;

  constructor(@Inject(UPLOADS_STORE) store: DocumentStore) {
    this.protocols = store.collection<LibraryProtocol>('library_protocols', { indexes: [['organisationId', 'publishedAt']] });
  }

  /** The organisation's protocol `id`; null when it is not in that organisation's library. */
  async get(organisationId: string, id: string): Promise<LibraryProtocol | null> {
    const protocol = await this.protocols.get(id);
    return protocol?.organisationId === organisationId ? protocol : null;
  }

  /** The organisation's library, newest publication first. */
  of(organisationId: string): Promise<LibraryProtocol[]> {
    return this.protocols.find({ where: { organisationId }, sort: [{ field: 'publishedAt', direction: 'desc' }] });
  }

  putting(protocol: LibraryProtocol): DocumentWrite {
    return write.put(this.protocols, protocol);
  }

  updating(protocol: LibraryProtocol, patch: Partial<Omit<LibraryProtocol, 'id'>>): { write: DocumentWrite; after: LibraryProtocol } {
    const stamped = { ...patch, updatedAt: new Date().toISOString() };
    return { write: write.update(this.protocols, protocol.id, stamped), after: { ...protocol, ...stamped } };
  }

  deleting(protocol: LibraryProtocol): DocumentWrite {
    return write.delete(this.protocols, protocol.id);
  }
}
