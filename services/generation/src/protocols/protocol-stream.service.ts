import { Inject, Injectable, Logger } from '@nestjs/common';
import { cleanSteps, tokenize } from '@cairn/rules';
import { ExtractiveGenerator } from '../generators/extractive-generator.js';
import type { Searcher } from '../context/search-scope.js';
import { GENERATOR, type GeneratedPart, type GenerationRequest, type Generator } from '../generators/generator.port.js';
import { similarity } from '../generators/step-selection.js';
import { groundSteps, judge, type CitedStep } from '../grounding/grounding-check.js';
import { GroundingMetrics } from '../grounding/grounding-metrics.js';
import type { ProtocolResponse } from './protocol-assembler.js';
import { assembleFor, ProtocolGenerationService, type GreetingResponse } from './protocol-generation.service.js';
import type { GenerateBody } from './protocol.schemas.js';

export const MODEL_FAILED_NOTICE = 'The model stopped answering. The remaining steps were taken directly from the sources.';

/** A fallback step this close to a shown one (shared stems) says the same thing in other words. */
const NEAR_DUPLICATE = 0.6;

/** One line of the streamed checklist: the protocol with one more step (or a step's explanation), a notice, or the final protocol. */
export type ProtocolStreamEvent =
  | { type: 'step'; protocol: ProtocolResponse }
  | { type: 'notice'; message: string }
  | { type: 'done'; protocol: ProtocolResponse | GreetingResponse };

/**
 * `POST /protocols/generate/stream`: the checklist of `POST /protocols/generate`, a step at a time.
 * Each step is cleaned and ground-checked the moment the model has written its text and citation, and
 * sent only when it holds; its explanation follows when the model completes the step, if its source
 * states it. When the model fails or stalls midway, the shown steps stay and the extractive generator
 * supplies the rest, with a notice. A refused query throws before anything is sent.
 */
@Injectable()
export class ProtocolStreamService {
  private readonly logger = new Logger('ProtocolStream');
  private readonly extractive = new ExtractiveGenerator();

  constructor(
    @Inject(GENERATOR) private readonly generator: Generator,
    private readonly generation: ProtocolGenerationService,
    private readonly grounding: GroundingMetrics,
  ) {}

  async stream(body: GenerateBody, user: Searcher, signal: AbortSignal): Promise<AsyncGenerator<ProtocolStreamEvent>> {
    const prepared = await this.generation.prepare(body, user);
    return this.events(prepared, signal);
  }

  private async *events(prepared: Awaited<ReturnType<ProtocolGenerationService['prepare']>>, signal: AbortSignal): AsyncGenerator<ProtocolStreamEvent> {
    if ('response' in prepared) {
      yield { type: 'done', protocol: prepared.response };
      return;
    }
    const shown: CitedStep[] = [];
    let title: string | undefined;
    const withStep = (step: CitedStep, generator: string) => {
      const before = assembleFor(prepared, shown, title).checklist.length;
      const kept = this.keep(step, shown, prepared.request, generator);
      const protocol = kept ? assembleFor(prepared, [...shown, kept], title) : null;
      if (!kept || protocol!.checklist.length === before) return null;
      shown.push(kept);
      return protocol;
    };
    // Drafts shown (by the index the model gave them), and those the check turned down.
    const drafted = new Map<number, number>();
    const refused = new Set<number>();
    const completed = (index: number, step: CitedStep) => {
      const position = drafted.get(index)!;
      const shownStep = shown[position];
      const explanation = this.explanationHolding(step.explanation, shownStep, prepared.request);
      if (!explanation) return null;
      shown[position] = { ...shownStep, explanation };
      return assembleFor(prepared, shown, title);
    };
    try {
      for await (const part of this.parts(prepared.request, signal)) {
        if (part.kind === 'title') title = part.title;
        if (part.kind === 'title' || (part.index !== undefined && refused.has(part.index))) continue;
        let protocol: ProtocolResponse | null;
        if (part.kind === 'step' && part.index !== undefined && drafted.has(part.index)) protocol = completed(part.index, part.step);
        else {
          protocol = withStep(part.step, this.generator.name);
          if (part.index !== undefined && protocol) drafted.set(part.index, shown.length - 1);
          else if (part.index !== undefined) refused.add(part.index);
        }
        if (protocol) yield { type: 'step', protocol };
      }
    } catch (error) {
      if (signal.aborted) return;
      this.logger.warn({ err: error }, 'the model failed while streaming; the extractive generator completes the checklist');
      yield { type: 'notice', message: MODEL_FAILED_NOTICE };
      const rest = await this.extractive.generate(prepared.request);
      for (const step of rest.steps) {
        if (this.repeats(step, shown)) continue;
        const protocol = withStep(step, this.extractive.name);
        if (protocol) yield { type: 'step', protocol };
      }
    }
    if (!signal.aborted) yield { type: 'done', protocol: assembleFor(prepared, shown, title) };
  }

  private async *parts(request: GenerationRequest, signal: AbortSignal): AsyncGenerator<GeneratedPart> {
    if (this.generator.streamProtocol) {
      yield* this.generator.streamProtocol(request, signal);
      return;
    }
    const generated = await this.generator.generate(request);
    for (const step of generated.steps) yield { kind: 'step', step };
    if (generated.title) yield { kind: 'title', title: generated.title };
  }

  /** The step cleaned and grounded, or null when the sources do not support it or it repeats a shown one (or 12 are shown). */
  private keep(step: CitedStep, shown: CitedStep[], request: GenerationRequest, generator: string): CitedStep | null {
    const cleaned = cleanSteps([...shown, step]);
    if (cleaned.length === shown.length) return null;
    const { steps, report } = groundSteps([cleaned.at(-1)!], request.sources);
    this.grounding.record(generator, report);
    return steps[0] ?? null;
  }

  /** The explanation the model completed a shown step with, when the step's source states it. */
  private explanationHolding(explanation: string, step: CitedStep, request: GenerationRequest): string | null {
    const source = request.sources.find((candidate) => candidate.id === step.citation);
    return explanation.trim() && source && judge(explanation, source) === null ? explanation.trim() : null;
  }

  private repeats(step: CitedStep, shown: CitedStep[]): boolean {
    const stems = new Set(tokenize(step.text));
    return shown.some((other) => similarity(stems, new Set(tokenize(other.text))) >= NEAR_DUPLICATE);
  }
}
