import { fetchTrusting, readCaBundle } from '@cairn/platform';
import type { GenerationConfig } from '../config/generation-config.js';
import type { Generator } from './generator.port.js';

export async function createGenerator(config: GenerationConfig): Promise<Generator> {
  if (config.GENERATOR === 'openai') {
    const { OpenAiGenerator } = await import('./openai-generator.js');
    return new OpenAiGenerator({
      baseURL: config.OPENAI_BASE_URL!,
      apiKey: config.OPENAI_API_KEY,
      model: config.GENERATION_MODEL,
      timeoutMs: config.GENERATION_TIMEOUT_MS,
      fetch: fetchTrusting(readCaBundle('OPENAI_CA_FILE', config.OPENAI_CA_FILE)),
    });
  }
  const { ExtractiveGenerator } = await import('./extractive-generator.js');
  return new ExtractiveGenerator();
}
