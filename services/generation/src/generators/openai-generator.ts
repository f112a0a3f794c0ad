import { readFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import OpenAI from 'openai';
import { z } from 'zod';
import { displayUrl } from '@cairn/platform';
import { cleanSteps, MAX_STEPS } from '@cairn/rules';
import { GENERATION_TIMEOUT_MS } from '../config/generation-config.js';
import { stripSourceLabels } from '../sources/source-labels.js';
import type { Source } from '../sources/source.js';
import type { AnswerRequest, DraftSentence, GeneratedPart, GeneratedProtocol, GenerationRequest, Generator } from './generator.port.js';
import { JsonReplyStream, type JsonReplyEvent } from './json-reply-stream.js';

export interface OpenAiGeneratorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  /** A fetch that trusts the endpoint's private CA (OPENAI_CA_FILE). */
  fetch?: typeof fetch;
  /** A streamed reply that sends nothing for this long has failed (default 15 s). */
  stallTimeoutMs?: number;
}

const STALL_TIMEOUT_MS = 15_000;

/** A source number as a model may write it when it does not keep to the schema: 2, "2", "[2]", "Source 2". */
const CITATION_TEXT = /^\s*\[?\s*(?:sources?\s*)?(\d+)\s*\]?\s*$/i;
const citationSchema = z.preprocess((value) => (typeof value === 'string' && CITATION_TEXT.test(value) ? Number(CITATION_TEXT.exec(value)![1]) : value), z.number().int().positive());
/** A model that leaves out a step's explanation still gives the step. */
const stepSchema = z.object({ text: z.string(), explanation: z.string().default(''), citation: citationSchema });
const replySchema = z.object({ steps: z.array(stepSchema).max(20), title: z.string() });

// Steps come before the title, and a step's text and citation before its explanation, so that a
// streamed reply shows its first step as early as it can.
const JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['steps', 'title'],
  properties: {
    steps: {
      type: 'array',
      maxItems: MAX_STEPS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'citation', 'explanation'],
        properties: { text: { type: 'string' }, citation: { type: 'integer' }, explanation: { type: 'string' } },
      },
    },
    title: { type: 'string' },
  },
} as const;

const sentenceSchema = z.object({ text: z.string(), citation: citationSchema });
const answerSchema = z.object({ sentences: z.array(sentenceSchema).max(10) });

const ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['sentences'],
  properties: {
    sentences: {
      type: 'array',
      maxItems: 5,
      items: { type: 'object', additionalProperties: false, required: ['text', 'citation'], properties: { text: { type: 'string' }, citation: { type: 'integer' } } },
    },
  },
} as const;

const promptFile = (name: string) => readFile(new URL(`../../prompts/${name}`, import.meta.url), 'utf8');

function formatSources(sources: Source[]): string {
  return sources
    .map((source) => {
      const origin = [source.organization, source.year, source.region].filter(Boolean).join(', ');
      const heading = [source.title, source.section].filter(Boolean).join(' — ');
      return `[Source ${source.id}] ${heading}${origin ? ` (${origin})` : ''}\n${source.text}`;
    })
    .join('\n\n');
}

type SchemaFormat = { response_format?: OpenAI.ResponseFormatJSONSchema };

/** A 400 or 422 about the response format itself, not about the request's size or content. */
const refusesSchema = (error: unknown) =>
  error instanceof OpenAI.APIError &&
  (error.status === 400 || error.status === 422) &&
  (error.param === 'response_format' || /response_format|json_schema|json schema/i.test(error.message));

export class GenerationError extends Error {
  override name = 'GenerationError';
}

/**
 * A checklist from any OpenAI-compatible chat endpoint (OpenAI, Azure, vLLM, Ollama) via `baseURL`,
 * with a JSON-schema reply; one more try when the reply is not valid JSON for the schema.
 */
export class OpenAiGenerator implements Generator {
  readonly name: string;
  readonly followsInstructions = true;
  private readonly client: OpenAI;
  private readonly logger = new Logger('OpenAiGenerator');
  /** Whether the endpoint takes a JSON schema as `response_format` (until it refuses one). */
  private takesSchema = true;
  /** The system prompt and each request template, read once. */
  private readonly prompts = new Map<string, Promise<[string, string]>>();

  constructor(private readonly options: OpenAiGeneratorOptions) {
    this.name = `openai:${options.model}`;
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey || 'not-needed',
      timeout: options.timeoutMs ?? GENERATION_TIMEOUT_MS,
      maxRetries: 1,
      fetch: options.fetch,
    });
  }

  private template(name: string): Promise<[string, string]> {
    let prompts = this.prompts.get(name);
    if (!prompts) {
      prompts = Promise.all([promptFile('system.md'), promptFile(name)]);
      this.prompts.set(name, prompts);
    }
    return prompts;
  }

  async generate(request: GenerationRequest): Promise<GeneratedProtocol> {
    const reply = await this.askJson(await this.protocolMessages(request), 'protocol', JSON_SCHEMA, replySchema);
    return { title: reply.title, steps: cleanSteps(reply.steps.map(citedStep)) };
  }

  /** The checklist as the model writes it: each step drafted once its text and citation are written, then complete, then the title. */
  async *streamProtocol(request: GenerationRequest, signal: AbortSignal): AsyncGenerator<GeneratedPart> {
    const drafts = new Map<number, { text?: unknown; citation?: unknown; drafted?: boolean }>();
    for await (const event of this.streamJson(await this.protocolMessages(request), 'protocol', JSON_SCHEMA, 'steps', signal)) {
      if (event.kind === 'field' && event.key === 'title') yield { kind: 'title', title: event.value };
      if (event.kind === 'member' && (event.key === 'text' || event.key === 'citation')) {
        const draft = drafts.get(event.index) ?? {};
        drafts.set(event.index, { ...draft, [event.key]: event.value });
        const step = stepSchema.safeParse({ ...draft, [event.key]: event.value, explanation: '' });
        if (step.success && !draft.drafted) {
          drafts.get(event.index)!.drafted = true;
          yield { kind: 'draft', index: event.index, step: citedStep(step.data) };
        }
      }
      if (event.kind !== 'element') continue;
      const step = stepSchema.safeParse(event.value);
      if (step.success) yield { kind: 'step', index: event.index, step: citedStep(step.data) };
    }
  }

  async answer(request: AnswerRequest): Promise<DraftSentence[]> {
    const reply = await this.askJson(await this.answerMessages(request), 'answer', ANSWER_JSON_SCHEMA, answerSchema);
    return reply.sentences.map(draftSentence);
  }

  /** The answer as the model writes it: each sentence the moment its JSON object closes. */
  async *streamAnswer(request: AnswerRequest, signal: AbortSignal): AsyncGenerator<DraftSentence> {
    for await (const event of this.streamJson(await this.answerMessages(request), 'answer', ANSWER_JSON_SCHEMA, 'sentences', signal)) {
      const sentence = event.kind === 'element' ? sentenceSchema.safeParse(event.value) : null;
      if (sentence?.success) yield draftSentence(sentence.data);
    }
  }

  private async protocolMessages(request: GenerationRequest): Promise<OpenAI.Chat.ChatCompletionMessageParam[]> {
    const [system, template] = await this.template('generate-protocol.md');
    const user = template
      .replace('{{title}}', request.title)
      .replace('{{instructions}}', request.instructions || 'none')
      .replace('{{sources}}', formatSources(request.sources));
    return [{ role: 'system', content: system }, { role: 'user', content: user }];
  }

  private async answerMessages(request: AnswerRequest): Promise<OpenAI.Chat.ChatCompletionMessageParam[]> {
    const [system, template] = await this.template('answer-question.md');
    const user = template
      .replace('{{topic}}', request.topic)
      .replace('{{question}}', request.question)
      .replace('{{sources}}', formatSources(request.sources));
    const history = request.history.map((turn) => ({ role: turn.role, content: turn.content }) as OpenAI.Chat.ChatCompletionMessageParam);
    return [{ role: 'system', content: system }, ...history, { role: 'user', content: user }];
  }

  /**
   * A streamed JSON reply read as it arrives. Aborting `signal` aborts the model's request; a reply
   * that stalls, breaks off or ends before its JSON does is a GenerationError.
   */
  private async *streamJson(
    messages: OpenAI.Chat.ChatCompletionMessageParam[],
    name: string,
    schema: object,
    arrayKey: string,
    signal: AbortSignal,
  ): AsyncGenerator<JsonReplyEvent> {
    const stallMs = this.options.stallTimeoutMs ?? STALL_TIMEOUT_MS;
    const stall = new AbortController();
    const stalled = () => new GenerationError(`The model at ${displayUrl(this.options.baseURL)} sent nothing for ${stallMs} ms`);
    let timer = setTimeout(() => stall.abort(), stallMs);
    const parser = new JsonReplyStream(arrayKey);
    try {
      const options = { signal: AbortSignal.any([signal, stall.signal]), maxRetries: 0 };
      const stream = await this.withSchemaIfTaken((format) => this.client.chat.completions.create({ model: this.options.model, messages, temperature: 0.1, stream: true, ...format }, options), name, schema);
      for await (const chunk of stream) {
        clearTimeout(timer);
        timer = setTimeout(() => stall.abort(), stallMs);
        const content = chunk.choices[0]?.delta?.content;
        if (content) yield* parser.push(content);
      }
    } catch (error) {
      throw stall.signal.aborted ? stalled() : this.failure(error);
    } finally {
      clearTimeout(timer);
    }
    // An aborted stream may end without an error.
    if (stall.signal.aborted) throw stalled();
    if (!parser.complete) throw new GenerationError(`The model's ${name} ended before its JSON did`);
  }

  /**
   * Asks with the reply's JSON schema as `response_format`, unless the endpoint has refused one: a
   * server that answers 400 or 422 about it (older TGI and Ollama) is asked once more without, the
   * prompt naming the shape, and is not sent one again once that works.
   */
  private async withSchemaIfTaken<T>(ask: (format: SchemaFormat) => Promise<T>, name: string, schema: object): Promise<T> {
    if (!this.takesSchema) return ask({});
    try {
      return await ask({ response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: schema as Record<string, unknown> } } });
    } catch (error) {
      if (!refusesSchema(error)) throw error;
      const reply = await ask({});
      this.takesSchema = false;
      this.logger.warn(`The model at ${displayUrl(this.options.baseURL)} refused a JSON schema as response_format (${(error as Error).message}); it is asked without one from now on`);
      return reply;
    }
  }

  private failure(error: unknown): GenerationError {
    const message = (error as Error).message.replaceAll(this.options.apiKey || '\u0000', '***');
    return new GenerationError(`The model at ${displayUrl(this.options.baseURL)} failed: ${message}`);
  }

  /** Asks for a JSON reply of `schema`, once more when the reply does not fit it. */
  private async askJson<T>(messages: OpenAI.Chat.ChatCompletionMessageParam[], name: string, jsonSchema: object, schema: z.ZodType<T>): Promise<T> {
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const content = await this.complete(messages, name, jsonSchema);
      const parsed = parseReply(content, schema);
      if (parsed.success) return parsed.data;
      problem = parsed.error;
      messages.push({ role: 'assistant', content }, { role: 'user', content: `That reply was not valid JSON for the schema (${problem}). Reply again with only the JSON object.` });
    }
    throw new GenerationError(`The model returned no valid ${name}: ${problem}`);
  }

  private async complete(messages: OpenAI.Chat.ChatCompletionMessageParam[], name: string, schema: object): Promise<string> {
    try {
      const completion = await this.withSchemaIfTaken((format) => this.client.chat.completions.create({ model: this.options.model, messages, temperature: 0.1, ...format }), name, schema);
      return completion.choices[0]?.message?.content ?? '';
    } catch (error) {
      throw this.failure(error);
    }
  }
}

// A model may still tag its text with the sources it read; the citation number says the same.
const citedStep = (step: z.infer<typeof stepSchema>) => ({ ...step, text: stripSourceLabels(step.text), explanation: stripSourceLabels(step.explanation), citations: [step.citation] });
const draftSentence = (sentence: z.infer<typeof sentenceSchema>): DraftSentence => ({ text: stripSourceLabels(sentence.text), citation: sentence.citation });

function parseReply<T>(content: string, schema: z.ZodType<T>): { success: true; data: T } | { success: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(content.replace(/^[\s\S]*<\/think>\s*/i, '').replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { success: false, error: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed : { success: false, error: parsed.error.issues[0].message };
}
