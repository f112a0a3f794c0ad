import { z } from 'zod';
import { parseEnv } from '@cairn/platform';

/** Spec: a protocol is generated within 45 s. */
export const GENERATION_TIMEOUT_MS = 45_000;

export const generationEnvSchema = z
  .object({
    GENERATOR: z.enum(['extractive', 'openai']).default('extractive'),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_CA_FILE: z.string().min(1).optional(),
    GENERATION_MODEL: z.string().min(1).default('gpt-4o-mini'),
    GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(GENERATION_TIMEOUT_MS),
  })
  .superRefine((env, ctx) => {
    if (env.GENERATOR === 'openai' && !env.OPENAI_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_BASE_URL'], message: 'is required when GENERATOR=openai' });
    }
  });

export type GenerationConfig = z.infer<typeof generationEnvSchema>;
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env) => parseEnv(generationEnvSchema, env);
