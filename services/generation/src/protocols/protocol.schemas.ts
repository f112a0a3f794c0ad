import { z } from 'zod';
import { snippetSchema } from '../sources/source.js';

const historyEntry = z.object({
  role: z.enum(['user', 'assistant'], { error: "conversation_history[].role must be 'user' or 'assistant'" }),
  content: z.string().max(20_000),
});

export const generateBodySchema = z.object({
  title: z.string({ error: 'title is required' }).max(2000, 'title is too long'),
  context_snippets: z.array(snippetSchema, { error: 'context_snippets must be a list' }).max(50).optional().default([]),
  instructions: z.string().max(4000, 'instructions are too long').optional().default(''),
  region: z.string().max(200).nullable().optional(),
  year: z.number().int().min(1900).max(2100).nullable().optional(),
});

const citationEntry = z
  .union([
    z.string().max(20_000),
    z
      .object({
        id: z.union([z.number(), z.string()]).optional(),
        title: z.string().optional(),
        source: z.string().optional(),
        organization: z.string().optional(),
        url: z.string().optional(),
        source_url: z.string().optional(),
        excerpt: z.string().optional(),
        year: z.union([z.number(), z.string()]).nullable().optional(),
        region: z.string().optional(),
        hospital: z.string().max(200).optional(),
      })
      .passthrough(),
  ])
  .array()
  .max(50);

export const conversationBodySchema = z.object({
  message: z.string({ error: 'message is required' }),
  concept_title: z.string().max(500).optional().default(''),
  protocol_json: z.union([z.string().max(500_000), z.record(z.string(), z.unknown())]).nullable().optional(),
  citations_list: citationEntry.optional().default([]),
  conversation_history: z.array(historyEntry).max(50).optional().default([]),
  enable_context_search: z.boolean().optional().default(false),
  user_id: z.string().optional(),
});

export const stepThreadBodySchema = z.object({
  message: z.string({ error: 'message is required' }),
  step_id: z.union([z.string().max(200), z.number()]).optional(),
  step_text: z.string({ error: 'step_text is required' }).max(5000),
  step_citation: z.union([z.number().int(), z.string().max(20)]).nullable().optional(),
  protocol_title: z.string().max(500).optional().default(''),
  protocol_citations: citationEntry.optional().default([]),
  thread_history: z.array(historyEntry).max(50).optional().default([]),
});

export type GenerateBody = z.infer<typeof generateBodySchema>;
export type ConversationBody = z.infer<typeof conversationBodySchema>;
export type StepThreadBody = z.infer<typeof stepThreadBodySchema>;
export type CitationEntry = z.infer<typeof citationEntry>[number];
