import { Inject, Injectable } from '@nestjs/common';
import type { Collection, DocumentStore } from '@cairn/platform';
import { CONVERSATIONS_STORE } from '../conversations.tokens.js';
import type { SavedMessage } from './conversation.schema.js';

export interface StoredConversation {
  id: string;
  userId: string;
  conversationId: string;
  title: string;
  messages: SavedMessage[];
  last_query: string;
  tags: string[];
  message_count: number;
  content_hash: string;
  created_at: string;
  updated_at: string;
}

const key = (userId: string, conversationId: string) => `${userId}/${conversationId}`;

@Injectable()
export class ConversationsRepository {
  private readonly conversations: Collection<StoredConversation>;

  constructor(@Inject(CONVERSATIONS_STORE) store: DocumentStore) {
    this.conversations = store.collection<StoredConversation>('conversations', { indexes: [['userId', 'updated_at']] });
  }

  get(userId: string, conversationId: string): Promise<StoredConversation | null> {
    return this.conversations.get(key(userId, conversationId));
  }

  put(conversation: Omit<StoredConversation, 'id'>): Promise<void> {
    return this.conversations.put({ ...conversation, id: key(conversation.userId, conversation.conversationId) });
  }

  /** Newest first; the store breaks ties by id, so pages by `offset` neither repeat nor skip. */
  newestFirst(userId: string, limit: number, offset = 0): Promise<StoredConversation[]> {
    return this.conversations.find({ where: { userId }, sort: [{ field: 'updated_at', direction: 'desc' }, { field: 'id', direction: 'asc' }], limit, offset });
  }

  rename(userId: string, conversationId: string, title: string): Promise<StoredConversation | null> {
    return this.conversations.update(key(userId, conversationId), { title, updated_at: new Date().toISOString() });
  }

  delete(userId: string, conversationId: string): Promise<boolean> {
    return this.conversations.delete(key(userId, conversationId));
  }

  deleteAllOf(userId: string): Promise<number> {
    return this.conversations.deleteMany({ userId });
  }
}
