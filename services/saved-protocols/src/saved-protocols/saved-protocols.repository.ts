import { Inject, Injectable } from '@nestjs/common';
import type { Collection, DocumentStore } from '@cairn/platform';
import { SAVED_PROTOCOLS_STORE } from '../saved-protocols.tokens.js';

export interface StoredProtocol {
  id: string;
  userId: string;
  protocolId: string;
  title: string;
  organization: string | null;
  region: string | null;
  year: number | string | null;
  intent: string | null;
  protocol_data: Record<string, unknown>;
  saved_at: string;
}

const key = (userId: string, protocolId: string) => `${userId}/${protocolId}`;

@Injectable()
export class SavedProtocolsRepository {
  private readonly protocols: Collection<StoredProtocol>;

  constructor(@Inject(SAVED_PROTOCOLS_STORE) store: DocumentStore) {
    this.protocols = store.collection<StoredProtocol>('saved_protocols', { indexes: [['userId', 'saved_at']] });
  }

  get(userId: string, protocolId: string): Promise<StoredProtocol | null> {
    return this.protocols.get(key(userId, protocolId));
  }

  put(protocol: Omit<StoredProtocol, 'id'>): Promise<void> {
    return this.protocols.put({ ...protocol, id: key(protocol.userId, protocol.protocolId) });
  }

  /** Newest first; the store breaks ties by id, so pages by `offset` neither repeat nor skip. */
  newestFirst(userId: string, limit: number, offset = 0): Promise<StoredProtocol[]> {
    return this.protocols.find({ where: { userId }, sort: [{ field: 'saved_at', direction: 'desc' }, { field: 'id', direction: 'asc' }], limit, offset });
  }

  rename(userId: string, protocolId: string, title: string): Promise<StoredProtocol | null> {
    return this.protocols.update(key(userId, protocolId), { title });
  }

  delete(userId: string, protocolId: string): Promise<boolean> {
    return this.protocols.delete(key(userId, protocolId));
  }

  deleteAllOf(userId: string): Promise<number> {
    return this.protocols.deleteMany({ userId });
  }
}
