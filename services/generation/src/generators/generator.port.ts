import type { Intent } from '@cairn/rules';
import type { CitedStep } from '../grounding/grounding-check.js';
import type { Source } from '../sources/source.js';
import type { QueryUnderstanding } from './on-topic-sources.js';

export const GENERATOR = Symbol('GENERATOR');

export interface GenerationRequest {
  /** The clinician's query, which is also the protocol's working title. */
  title: string;
  intent: Intent;
  sources: Source[];
  instructions: string;
  /** What search made of the query when generation asked it (the client's hits carry no such reading). */
  understanding?: QueryUnderstanding;
}

export interface GeneratedProtocol {
  title?: string;
  steps: CitedStep[];
}

export interface AnswerRequest {
  question: string;
  /** The protocol the question is about. */
  topic: string;
  sources: Source[];
  /** The conversation so far, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
}

/** One sentence of an answer and the number of the source it says states it. */
export interface DraftSentence {
  text: string;
  citation: number;
}

/**
 * A part of a checklist being written: a step's draft the moment its text and citation are written
 * (its explanation still to come), the step once complete, or the protocol's title. `index` tells
 * which draft a step completes.
 */
export type GeneratedPart = { kind: 'draft'; index: number; step: CitedStep } | { kind: 'step'; index?: number; step: CitedStep } | { kind: 'title'; title: string };

/** Turns numbered sources into checklist steps, each citing the source it came from. */
export interface Generator {
  readonly name: string;
  /** Whether free-text instructions steer it (a language model); otherwise only their words can. */
  readonly followsInstructions: boolean;
  generate(request: GenerationRequest): Promise<GeneratedProtocol>;
  /** Answers a question about a protocol from its sources (a language model); absent for generators that only select sentences. */
  answer?(request: AnswerRequest): Promise<DraftSentence[]>;
  /** The checklist part by part as it is written (a language model that streams); aborting `signal` stops it. */
  streamProtocol?(request: GenerationRequest, signal: AbortSignal): AsyncIterable<GeneratedPart>;
  /** The answer sentence by sentence as it is written; aborting `signal` stops it. */
  streamAnswer?(request: AnswerRequest, signal: AbortSignal): AsyncIterable<DraftSentence>;
}
