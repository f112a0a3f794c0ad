import { z } from 'zod';
import { parseEnv } from '@cairn/platform';

/** Spec: a protocol is generated within 45 s. */
export const GENERATION_TIMEOUT_MS = 45_000;

export const generationEnvSchema = z
  .object({
    GENERATOR: z.enum(['extractive', 'openai']).default('extractive').describe('`extractive` → `ExtractiveGenerator`; `openai` → `OpenAiGenerator` (needs `OPENAI_BASE_URL`).'),
    OPENAI_BASE_URL: z.url().optional().describe('An OpenAI-compatible endpoint for the generator (OpenAI, Azure, vLLM, Ollama); required when `GENERATOR=openai`.'),
    OPENAI_API_KEY: z.string().optional().describe('The endpoint\'s API key.'),
    OPENAI_CA_FILE: z.string().min(1).optional().describe('PEM bundle of a self-hosted OpenAI-compatible endpoint\'s CA.'),
    GENERATION_MODEL: z.string().min(1).default('gpt-4o-mini').describe('The chat model asked of the endpoint (`GENERATOR=openai`).'),
    GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(GENERATION_TIMEOUT_MS).describe('How long one model request may take (`GENERATOR=openai`).'),
  })
  .superRefine((env, ctx) => {
    if (env.GENERATOR === 'openai' && !env.OPENAI_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_BASE_URL'], message: 'is required when GENERATOR=openai' });
    }
  });

export type GenerationConfig = z.infer<typeof generationEnvSchema>;
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env) => parseEnv(generationEnvSchema, env);
