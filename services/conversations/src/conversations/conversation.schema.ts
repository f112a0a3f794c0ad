import { z } from 'zod';
import { clientId, requiredTitle } from '@cairn/platform';

export const MAX_MESSAGES = 1000;
export const MAX_TITLE_LENGTH = 200;

const timestamp = z.union([z.string().max(64), z.number()]);

export const savedMessageSchema = z.object({
  id: clientId('messages[].id'),
  type: z.enum(['user', 'assistant'], { error: "messages[].type must be 'user' or 'assistant'" }),
  content: z.string({ error: 'messages[].content must be text' }).max(100_000),
  timestamp: timestamp.optional(),
  protocol_data: z.record(z.string(), z.unknown()).nullable().optional(),
  citations: z.array(z.unknown()).nullable().optional(),
  follow_up_questions: z.array(z.unknown()).max(20).nullable().optional(),
  uncertainty_note: z.string().nullable().optional(),
  used_new_sources: z.boolean().nullable().optional(),
  is_follow_up: z.boolean().nullable().optional(),
});

export const saveConversationSchema = z.object({
  id: clientId('id').optional(),
  title: z.string().max(MAX_TITLE_LENGTH, `title must be at most ${MAX_TITLE_LENGTH} characters`).optional(),
  messages: z
    .array(savedMessageSchema, { error: 'messages must be a list' })
    .max(MAX_MESSAGES, `messages must hold at most ${MAX_MESSAGES} entries`),
  last_query: z.string().max(2000).optional(),
  tags: z.array(z.string().max(50)).max(20).optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});

export const renameSchema = z.object({ title: requiredTitle(MAX_TITLE_LENGTH) });

export type SavedMessage = z.infer<typeof savedMessageSchema>;
export type SaveConversationInput = z.infer<typeof saveConversationSchema>;
