import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pseudoEmbedding, words } from './pseudo-embedding.js';
import { listenOnLoopback } from '../http/loopback-server.js';

type Json = Record<string, unknown>;

export interface OpenAiChatRequest {
  model: string;
  messages: { role: string; content?: unknown; [key: string]: unknown }[];
  stream?: boolean;
  [key: string]: unknown;
}

/**
 * What the double answers a chat completion with: the assistant's text, a structured reply, or a
 * recorded response body (anything with `choices`, sent as is with missing envelope fields filled in).
 */
export type ChatReply =
  | string
  | { content?: string | null; finishReason?: string; toolCalls?: unknown[]; usage?: Json }
  | { choices: unknown[]; [key: string]: unknown };

export type ChatResponder = (request: OpenAiChatRequest) => ChatReply | Promise<ChatReply>;

export interface OpenAiFault {
  /** Answer with this error status (and an OpenAI error body); omit to answer normally after `delayMs`. */
  status?: number;
  message?: string;
  /** Wait this long before answering, e.g. to trip a client timeout. */
  delayMs?: number;
  headers?: Record<string, string>;
  /** Only requests to this path (`/v1/embeddings`, `/v1/chat/completions`); any path when omitted. */
  path?: string;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  /** A streamed reply breaks off (the connection is cut) after this many tokens. */
  breakAfterTokens?: number;
  /** A streamed reply stops after this many tokens and sends nothing more, its connection left open. */
  stallAfterTokens?: number;
}

/** How fast streamed replies arrive: a real model's time to first token and decoding rate. */
export interface StreamPace {
  firstTokenMs: number;
  tokensPerSecond: number;
}

export interface OpenAiDoubleOptions {
  /** Embedding size when the request does not ask for `dimensions` (default 64). */
  embeddingDimensions?: number;
  /** false returns raw term-count vectors, as some self-hosted servers return unnormalised ones (default true, like OpenAI). */
  normalizeEmbeddings?: boolean;
  /** Most inputs one embeddings request may carry (OpenAI: 2048). */
  maxEmbeddingInputs?: number;
  /** Chat replies: computed from the request, or a queue of recorded replies used in order. */
  chat?: ChatResponder | ChatReply[];
  /**
   * When set, requests need `Authorization: Bearer <apiKey>`. The 401 for a wrong key quotes that key
   * in full (as some proxies do), so tests can prove a client never passes it on.
   */
  apiKey?: string;
  /**
   * Streams replies at this pace, a token being 4 characters (OpenAI's rule of thumb for English), and
   * sends a reply that does not stream once it would have been written; without it, replies are sent
   * at once (a streamed one a word a chunk).
   */
  streamPace?: StreamPace;
}

export interface RecordedOpenAiRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  /** For a streamed reply: true once the client went away before its end. */
  closedEarly?: boolean;
  /** For a streamed reply: true once its last chunk was sent. */
  streamEnded?: boolean;
}

export interface OpenAiDouble {
  /** The `baseURL` to give the `openai` client (ends in `/v1`). */
  url: string;
  /** Every request received, oldest first (retries included). */
  requests: RecordedOpenAiRequest[];
  /** Makes the next matching request(s) fail with a status or wait before answering. */
  fault(fault: OpenAiFault): void;
  stop(): Promise<void>;
}

interface ErrorDetails {
  code?: string;
  param?: string;
  headers?: Record<string, string>;
}

/** An error with OpenAI's body shape: `{ error: { message, type, param, code } }`. */
class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }

  toBody(): Json {
    const type = this.status >= 500 ? 'server_error' : this.status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error';
    return { error: { message: this.message, type, param: this.details.param ?? null, code: this.details.code ?? null } };
  }
}

const tokenCount = (value: unknown): number => words(typeof value === 'string' ? value : JSON.stringify(value ?? '')).length;

function normalised(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function base64Floats(vector: number[]): string {
  return Buffer.from(Float32Array.from(vector).buffer).toString('base64');
}

async function readJson(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new OpenAiError(400, "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)");
  }
}

/** One completion choice's parts, from any form of `ChatReply`. */
function replyParts(reply: ChatReply): { content: string | null; finishReason?: string; toolCalls?: unknown[]; usage?: Json } {
  if (typeof reply === 'string') return { content: reply };
  if ('choices' in reply) {
    const [choice] = reply.choices as { message?: { content?: string | null; tool_calls?: unknown[] }; finish_reason?: string }[];
    return { content: choice?.message?.content ?? null, finishReason: choice?.finish_reason, toolCalls: choice?.message?.tool_calls, usage: reply.usage as Json };
  }
  return { content: reply.content ?? null, finishReason: reply.finishReason, toolCalls: reply.toolCalls, usage: reply.usage };
}

/**
 * An OpenAI-compatible server on 127.0.0.1: `POST /v1/embeddings` with deterministic pseudo-embeddings
 * (float or base64), `POST /v1/chat/completions` from replies the test supplies (plain or streamed
 * as server-sent events), `GET /v1/models`, OpenAI's error bodies, and injectable faults and delays.
 */
export async function startOpenAiDouble(options: OpenAiDoubleOptions = {}): Promise<OpenAiDouble> {
  const requests: RecordedOpenAiRequest[] = [];
  const faults: (OpenAiFault & { remaining: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const replies = Array.isArray(options.chat) ? [...options.chat] : undefined;
  let completions = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });

  function embeddings(body: any): Json {
    if (typeof body.model !== 'string' || body.model === '') throw new OpenAiError(400, 'you must provide a model parameter');
    const inputs: unknown[] = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : [];
    if (inputs.length === 0) throw new OpenAiError(400, "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", { param: 'input' });
    const maxInputs = options.maxEmbeddingInputs ?? 2048;
    if (inputs.length > maxInputs) throw new OpenAiError(400, `'$.input' is too long: at most ${maxInputs} inputs per request.`, { param: 'input' });
    const dimensions = body.dimensions ?? options.embeddingDimensions ?? 64;
    if (!Number.isInteger(dimensions) || dimensions < 1) throw new OpenAiError(400, 'dimensions must be a positive integer', { param: 'dimensions' });
    const encoding = body.encoding_format ?? 'float';
    const data = inputs.map((input, index) => {
      const raw = pseudoEmbedding(typeof input === 'string' ? input : JSON.stringify(input), dimensions);
      const vector = options.normalizeEmbeddings === false ? raw : normalised(raw);
      return { object: 'embedding', index, embedding: encoding === 'base64' ? base64Floats(vector) : vector };
    });
    const promptTokens = inputs.reduce<number>((total, input) => total + tokenCount(input), 0);
    return { object: 'list', data, model: body.model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } };
  }

  async function chatReply(body: OpenAiChatRequest): Promise<ChatReply> {
    if (typeof options.chat === 'function') return options.chat(body);
    const next = replies?.shift();
    if (next === undefined) throw new OpenAiError(500, 'the OpenAI double has no chat reply left for this request');
    return next;
  }

  async function chatCompletion(
    body: any,
    response: ServerResponse,
    record: RecordedOpenAiRequest,
    streamFault: Pick<OpenAiFault, 'breakAfterTokens' | 'stallAfterTokens'> = {},
  ): Promise<Json | undefined> {
    if (typeof body.model !== 'string' || body.model === '') throw new OpenAiError(400, 'you must provide a model parameter');
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      throw new OpenAiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1.", { code: 'empty_array', param: 'messages' });
    }
    const reply = await chatReply(body as OpenAiChatRequest);
    const { content, finishReason, toolCalls, usage } = replyParts(reply);
    const id = `chatcmpl-double-${++completions}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = body.messages.reduce((total: number, message: Json) => total + tokenCount(message.content), 0);
    const completionTokens = tokenCount(content);
    const totals = usage ?? { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
    const finish = finishReason ?? (toolCalls ? 'tool_calls' : 'stop');
    if (body.stream === true) {
      await streamCompletion(response, record, { id, created, model: body.model, content, finish, toolCalls, usage: body.stream_options?.include_usage ? totals : undefined }, streamFault);
      return undefined;
    }
    // A reply that does not stream arrives whole once a model at this pace would have written it.
    if (options.streamPace) await sleep(options.streamPace.firstTokenMs + (pieces(content).length * 1000) / options.streamPace.tokensPerSecond);
    if (typeof reply === 'object' && 'choices' in reply) return { id, object: 'chat.completion', created, model: body.model, usage: totals, ...reply };
    const message = { role: 'assistant', content, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) };
    return {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      usage: totals,
      system_fingerprint: null,
    };
  }

  const pieces = (content: string | null): string[] =>
    (options.streamPace ? content?.match(/[\s\S]{1,4}/g) : content?.match(/\S+\s*|\s+/g)) ?? [];

  async function streamCompletion(
    response: ServerResponse,
    record: RecordedOpenAiRequest,
    completion: { id: string; created: number; model: string; content: string | null; finish: string; toolCalls?: unknown[]; usage?: Json },
    { breakAfterTokens = Infinity, stallAfterTokens = Infinity }: Pick<OpenAiFault, 'breakAfterTokens' | 'stallAfterTokens'> = {},
  ): Promise<void> {
    const { id, created, model } = completion;
    const chunk = (choices: unknown[], extra: Json = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
    const delta = (value: Json, finish: string | null = null) => chunk([{ index: 0, delta: value, logprobs: null, finish_reason: finish }]);
    response.on('close', () => {
      if (!response.writableFinished) record.closedEarly = true;
    });
    const pace = options.streamPace;
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(delta({ role: 'assistant', content: '' }));
    if (pace) await sleep(pace.firstTokenMs);
    const started = Date.now();
    for (const [index, piece] of pieces(completion.content).entries()) {
      if (response.destroyed) return;
      if (index >= breakAfterTokens) return void response.destroy();
      if (index >= stallAfterTokens) return;
      const wait = pace ? started + (index * 1000) / pace.tokensPerSecond - Date.now() : 0;
      if (wait > 0) await sleep(wait);
      response.write(delta({ content: piece }));
    }
    if (completion.toolCalls) response.write(delta({ tool_calls: completion.toolCalls.map((call, index) => ({ index, ...(call as Json) })) }));
    response.write(delta({}, completion.finish));
    if (completion.usage) response.write(chunk([], { usage: completion.usage }));
    response.end('data: [DONE]\n\n');
    record.streamEnded = true;
  }

  /** Applies the next matching fault; a break-off is left to the streamed reply, which it returns. */
  async function takeFault(path: string): Promise<Pick<OpenAiFault, 'breakAfterTokens' | 'stallAfterTokens'> | undefined> {
    const fault = faults.find((candidate) => candidate.remaining > 0 && (candidate.path === undefined || candidate.path === path));
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.status) {
      throw new OpenAiError(fault.status, fault.message ?? `The double was told to fail with ${fault.status}.`, { headers: fault.headers });
    }
    return { breakAfterTokens: fault.breakAfterTokens, stallAfterTokens: fault.stallAfterTokens };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const method = request.method ?? 'GET';
      const send = (status: number, body: Json, headers: Record<string, string> = {}) => {
        if (response.destroyed || response.headersSent) return;
        const payload = JSON.stringify(body);
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
        response.end(payload);
      };
      try {
        const body = await readJson(request);
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        const record: RecordedOpenAiRequest = { method, path, headers, body };
        requests.push(record);
        const presented = /^Bearer (.*)$/.exec(request.headers.authorization ?? '')?.[1];
        if (options.apiKey !== undefined && presented !== options.apiKey) {
          throw new OpenAiError(401, `Incorrect API key provided: ${presented ?? '(none)'}. You can find your API key at https://platform.openai.com/account/api-keys.`, { code: 'invalid_api_key' });
        }
        const streamFault = await takeFault(path);
        const route = `${method} ${path}`;
        if (route === 'POST /v1/embeddings') return send(200, embeddings(body));
        if (route === 'POST /v1/chat/completions') {
          const completion = await chatCompletion(body, response, record, streamFault);
          return completion && send(200, completion);
        }
        if (route === 'GET /v1/models') {
          return send(200, { object: 'list', data: [{ id: 'double-model', object: 'model', created: 0, owned_by: 'cairn-double' }] });
        }
        throw new OpenAiError(404, `Unknown request URL: ${route}. Please check the URL for typos.`, { code: 'unknown_url' });
      } catch (error) {
        const failure = error instanceof OpenAiError ? error : new OpenAiError(500, (error as Error).message);
        send(failure.status, failure.toBody(), failure.details.headers);
      }
    })();
  });

  const { port, close } = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    fault: (fault) => faults.push({ ...fault, remaining: fault.times ?? 1 }),
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      return close();
    },
  };
}
