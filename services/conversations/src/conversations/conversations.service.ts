import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { badRequest, notFound, readPage } from '@cairn/platform';
import { conversationTitle } from '@cairn/rules';
import type { SaveConversationInput } from './conversation.schema.js';
import { ConversationsRepository, type StoredConversation } from './conversations.repository.js';

export const CONVERSATION_TAG = 'medical-protocol';

const notFoundError = () => notFound('Conversation not found');

function toIso(value: string | number | undefined, fallback: string): string {
  if (value === undefined) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
}

function firstUserQuery(input: SaveConversationInput): string {
  return input.last_query?.trim() || input.messages.find((message) => message.type === 'user')?.content.trim() || '';
}

@Injectable()
export class ConversationsService {
  constructor(private readonly repository: ConversationsRepository) {}

  async save(userId: string, input: SaveConversationInput) {
    const conversationId = input.id ?? `conv_${randomUUID()}`;
    const existing = input.id ? await this.repository.get(userId, conversationId) : null;
    // A conversation keeps its title once saved: the chat's later saves send its first question again, and only a rename changes it.
    const title = existing?.title ?? (input.title?.trim() || conversationTitle(firstUserQuery(input)));
    if (!title) throw badRequest('invalid_input', 'Title is required', 'title');
    const lastQuery = input.last_query ?? firstUserQuery(input);
    const contentHash = createHash('sha256').update(JSON.stringify([title, lastQuery, input.messages])).digest('hex');
    if (existing?.content_hash === contentHash) {
      return { success: true, conversation_id: conversationId, was_duplicate: true };
    }
    const now = new Date().toISOString();
    await this.repository.put({
      userId,
      conversationId,
      title,
      messages: input.messages,
      last_query: lastQuery,
      tags: [CONVERSATION_TAG],
      message_count: input.messages.length,
      content_hash: contentHash,
      created_at: existing?.created_at ?? toIso(input.created_at, now),
      updated_at: now,
    });
    return { success: true, conversation_id: conversationId, was_duplicate: false };
  }

  async list(userId: string, limit: number, offset = 0) {
    const page = await readPage(offset, limit, (from, size) => this.repository.newestFirst(userId, size, from));
    return {
      success: true,
      conversations: page.items.map(({ conversationId, title, updated_at, message_count }) => ({
        id: conversationId,
        title,
        updated_at,
        message_count,
      })),
      next_offset: page.next_offset,
      error: null,
    };
  }

  async get(userId: string, conversationId: string) {
    const stored = await this.repository.get(userId, conversationId);
    if (!stored) throw notFoundError();
    return { success: true, conversation: toPayload(stored) };
  }

  async rename(userId: string, conversationId: string, title: string) {
    const renamed = await this.repository.rename(userId, conversationId, title);
    if (!renamed) throw notFoundError();
    return { success: true, conversation_id: conversationId, title: renamed.title };
  }

  async delete(userId: string, conversationId: string) {
    if (!(await this.repository.delete(userId, conversationId))) throw notFoundError();
    return { success: true, conversation_id: conversationId };
  }
}

function toPayload(stored: StoredConversation) {
  return {
    id: stored.conversationId,
    title: stored.title,
    messages: stored.messages,
    last_query: stored.last_query,
    tags: stored.tags,
    message_count: stored.message_count,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}
