import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@cairn/platform';
import { classifyIntent } from '@cairn/rules';
import { ContextSearch } from '../context/context-search.js';
import type { Searcher } from '../context/search-scope.js';
import { GENERATOR, type GenerationRequest, type Generator } from '../generators/generator.port.js';
import { groundSteps, type CitedStep } from '../grounding/grounding-check.js';
import { GroundingMetrics } from '../grounding/grounding-metrics.js';
import { screenQuery } from '../screening/query-screening.js';
import { leadIsAboutTheQuestion, understoodStems, type QueryUnderstanding } from '../generators/on-topic-sources.js';
import { withLeadDocument } from '../sources/lead-document.js';
import { MAX_SOURCES, toSources, type Snippet } from '../sources/source.js';
import { assembleProtocol, type ProtocolResponse } from './protocol-assembler.js';
import type { GenerateBody } from './protocol.schemas.js';

/** How many passages are asked for when looking for more of the lead document, and how long that may wait (the sources in hand do without). */
const LEAD_DOCUMENT_PASSAGES = 8;
const LEAD_DOCUMENT_TIMEOUT_MS = 1000;

export type GreetingResponse = ProtocolResponse & { category: 'greeting'; message: string };

export type PreparedGeneration =
  | { response: ProtocolResponse | GreetingResponse }
  | { request: GenerationRequest; region?: string | null; year?: number | null };

/** The protocol the client reads, from the steps generated for a prepared request so far. */
export function assembleFor(prepared: Extract<PreparedGeneration, { request: unknown }>, steps: CitedStep[], generatedTitle?: string): ProtocolResponse {
  const { title: query, intent, sources } = prepared.request;
  return assembleProtocol({ query, intent, sources, steps, generatedTitle, region: prepared.region, year: prepared.year });
}

/**
 * `POST /protocols/generate`: screen the query, number the sources (found through search when the
 * client sends none), generate, ground, assemble. A query that only looks non-medical ('back to
 * football after a concussion') goes on when the passage search ranked first is about what it names.
 */
@Injectable()
export class ProtocolGenerationService {
  constructor(
    @Inject(GENERATOR) private readonly generator: Generator,
    private readonly contextSearch: ContextSearch,
    private readonly grounding: GroundingMetrics,
  ) {}

  async generate(body: GenerateBody, user: Searcher): Promise<ProtocolResponse | GreetingResponse> {
    const prepared = await this.prepare(body, user);
    if ('response' in prepared) return prepared.response;
    const generated = await this.generator.generate(prepared.request);
    const { steps, report } = groundSteps(generated.steps, prepared.request.sources);
    this.grounding.record(this.generator.name, report);
    return assembleFor(prepared, steps, generated.title);
  }

  /** What to generate from, or the answer itself when there is nothing to generate (a greeting, no sources); a refused query throws. */
  async prepare(body: GenerateBody, user: Searcher): Promise<PreparedGeneration> {
    const query = body.title.replace(/\s+/g, ' ').trim();
    const refusal = screenQuery(query);
    if (refusal?.category === 'greeting') {
      return { response: { ...assembleProtocol({ query: refusal.title, intent: 'general', sources: [], steps: [] }), category: 'greeting', message: refusal.message } };
    }
    if (refusal && refusal.category !== 'irrelevant') throw new AppError(400, refusal.category, refusal.message);
    const intent = classifyIntent(query);
    const { snippets, understanding } =
      body.context_snippets.length > 0 ? { snippets: body.context_snippets, understanding: await this.contextSearch.understand(query, user) } : await this.searched(query, user);
    const stems = understoodStems(query, understanding);
    const found = toSources(snippets);
    if (refusal && !leadIsAboutTheQuestion(found, stems)) throw new AppError(400, refusal.category, refusal.message);
    const sources = await withLeadDocument(found, stems, async (text) => (await this.contextSearch.find(text, user, LEAD_DOCUMENT_PASSAGES, LEAD_DOCUMENT_TIMEOUT_MS)).passages);
    if (sources.length === 0) return { response: assembleProtocol({ query, intent, sources, steps: [], region: body.region, year: body.year }) };
    return { request: { title: query, intent, sources, instructions: body.instructions, understanding }, region: body.region, year: body.year };
  }

  /** The query alone is not a source: the passages search finds for it in the user's scope are, read as search read the query. */
  private async searched(query: string, user: Searcher): Promise<{ snippets: Snippet[]; understanding: QueryUnderstanding }> {
    const { passages, understanding } = await this.contextSearch.find(query, user, MAX_SOURCES);
    return { snippets: passages, understanding };
  }
}
