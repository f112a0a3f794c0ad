import type { Intent } from '@cairn/rules';
import type { CitedStep } from '../grounding/grounding-check.js';
import type { Source } from '../sources/source.js';

export const GENERATOR = Symbol('GENERATOR');

export interface GenerationRequest {
  /** The clinician's query, which is also the protocol's working title. */
  title: string;
  intent: Intent;
  sources: Source[];
  instructions: string;
}

export interface GeneratedProtocol {
  title?: string;
  steps: CitedStep[];
}

/** Turns numbered sources into checklist steps, each citing the source it came from. */
export interface Generator {
  readonly name: string;
  /** Whether free-text instructions steer it (a language model); otherwise only their words can. */
  readonly followsInstructions: boolean;
  generate(request: GenerationRequest): Promise<GeneratedProtocol>;
}
