import { z } from 'zod';
import { requiredTitle } from '@cairn/platform';
import { INTENTS } from '@cairn/rules';

export const MAX_TITLE_LENGTH = 200;
const MAX_STEPS = 100;

const stepList = (field: string) => z.array(z.unknown(), { error: `${field} must be a list of steps` }).max(MAX_STEPS, `${field} may hold at most ${MAX_STEPS} steps`);

/**
 * docs/product-spec.md §7 `POST /protocols/save`: the body is the protocol itself (its id, its fields with steps or a
 * checklist, and its intent). What it holds besides the summary fields is kept as `protocol_data`,
 * with the steps as its `checklist`.
 */
export const saveProtocolSchema = z
  .looseObject({
    id: z.string().max(300).optional(),
    title: requiredTitle(MAX_TITLE_LENGTH),
    organization: z.string().max(200).nullable().optional(),
    region: z.string().max(200).nullable().optional(),
    year: z.union([z.number().int(), z.string().max(20)]).nullable().optional(),
    intent: z.enum(INTENTS, { error: `intent must be one of ${INTENTS.join(', ')}` }).optional(),
    checklist: stepList('checklist').optional(),
    steps: stepList('steps').optional(),
  })
  .refine((body) => body.checklist !== undefined || body.steps !== undefined, { message: 'checklist or steps is required', path: ['checklist'] })
  .transform(({ id: _id, saved_at: _savedAt, ...protocol }) => ({
    title: protocol.title,
    organization: protocol.organization,
    region: protocol.region,
    year: protocol.year,
    intent: protocol.intent,
    protocol_data: { ...protocol, checklist: protocol.checklist ?? protocol.steps ?? [] },
  }));

export const renameSchema = z.object({ title: requiredTitle(MAX_TITLE_LENGTH) });

export type SaveProtocolInput = z.infer<typeof saveProtocolSchema>;
