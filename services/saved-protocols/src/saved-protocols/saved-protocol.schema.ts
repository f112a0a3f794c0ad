import { z } from 'zod';
import { requiredTitle } from '@cairn/platform';
import { INTENTS } from '@cairn/rules';

export const MAX_TITLE_LENGTH = 200;

export const saveProtocolSchema = z.object({
  id: z.string().max(300).optional(),
  title: requiredTitle(MAX_TITLE_LENGTH),
  organization: z.string().max(200).nullable().optional(),
  region: z.string().max(200).nullable().optional(),
  year: z.union([z.number().int(), z.string().max(20)]).nullable().optional(),
  intent: z.enum(INTENTS, { error: `intent must be one of ${INTENTS.join(', ')}` }).optional(),
  saved_at: z.string().max(64).optional(),
  protocol_data: z
    .object(
      { checklist: z.array(z.unknown(), { error: 'protocol_data.checklist must be a list of steps' }).max(100) },
      { error: 'protocol_data is required' },
    )
    .passthrough(),
});

export const renameSchema = z.object({ title: requiredTitle(MAX_TITLE_LENGTH) });

export type SaveProtocolInput = z.infer<typeof saveProtocolSchema>;
