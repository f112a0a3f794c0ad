import { ApiError, readErrorBody } from './api-error';

export const REQUEST_TIMEOUT_MS = 30_000;
/** Generate and chat calls wait longer: the answer is written while the request is open. */
export const LONG_REQUEST_TIMEOUT_MS = 45_000;
export const MAX_RETRIES = 2;
export const FIRST_RETRY_DELAY_MS = 1_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** 'long' for generate and chat calls. */
  duration?: 'default' | 'long';
  timeoutMs?: number;
  retries?: number;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  authenticated?: boolean;
  /** Use this token instead of the signed-in user's, e.g. to check a stored session before adopting it. */
  bearerToken?: string;
}

export interface ApiClientOptions {
  baseUrl: string;
  getAccessToken?: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  /** Drives both the request timeout and the wait between retries. */
  timers?: Timers;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function shouldRetry(error: ApiError): boolean {
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || error.status === undefined) return false;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Delay before retry number `retry` (0-based): 1 s, 2 s, 4 s, ... */
export const retryDelayMs = (retry: number): number => FIRST_RETRY_DELAY_MS * 2 ** retry;

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

const cancelledError = (path: string) => new ApiError({ kind: 'cancelled', message: 'Request cancelled', path });

export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly timers: Timers;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timers = options.timers ?? browserTimers;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const retries = options.retries ?? MAX_RETRIES;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt<T>(method, path, options);
      } catch (error) {
        if (!(error instanceof ApiError) || !shouldRetry(error) || attempt >= retries) throw error;
        await this.wait(retryDelayMs(attempt), path, options.signal);
      }
    }
  }

  /**
   * POSTs and hands each line of an NDJSON answer to `onLine` as it arrives (a streamed answer); one
   * attempt, and the long timeout until the answer starts. An error status throws as `request` does.
   */
  async stream(path: string, body: unknown, onLine: (line: unknown) => void, options: Pick<RequestOptions, 'signal' | 'timeoutMs'> = {}): Promise<void> {
    const headers = { ...(await this.headers({ body })), Accept: 'application/x-ndjson' };
    if (options.signal?.aborted) throw cancelledError(path);
    const timeoutMs = options.timeoutMs ?? LONG_REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardCancel = () => controller.abort();
    options.signal?.addEventListener('abort', forwardCancel);
    try {
      const response = await this.fetchImpl(buildUrl(this.options.baseUrl, path), { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
      this.timers.clearTimeout(timer);
      if (!response.ok || !response.body) return void (await readResponse(response, path));
      await readLines(response.body, onLine);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError({ kind: 'timeout', message: `Request timeout after ${timeoutMs} ms`, path });
      if (options.signal?.aborted) throw cancelledError(path);
      throw new ApiError({ kind: 'network', message: 'Network error: the stream from the server broke off', path });
    } finally {
      this.timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardCancel);
    }
  }

  private async attempt<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
    const headers = await this.headers(options);
    if (options.signal?.aborted) throw cancelledError(path);
    const timeoutMs = options.timeoutMs ?? (options.duration === 'long' ? LONG_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
    const controller = new AbortController();
    let timedOut = false;
    const timer = this.timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardCancel = () => controller.abort();
    options.signal?.addEventListener('abort', forwardCancel);

    try {
      const response = await this.fetchImpl(buildUrl(this.options.baseUrl, path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
      return await readResponse<T>(response, path);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError({ kind: 'timeout', message: `Request timeout after ${timeoutMs} ms`, path });
      if (options.signal?.aborted) throw cancelledError(path);
      throw new ApiError({ kind: 'network', message: 'Network error: the server could not be reached', path });
    } finally {
      this.timers.clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardCancel);
    }
  }

  private async headers(options: RequestOptions): Promise<Record<string, string>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.authenticated !== false) {
      const token = options.bearerToken ?? (await this.options.getAccessToken?.());
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    return headers;
  }

  private wait(ms: number, path: string, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(cancelledError(path));
      const onAbort = () => {
        this.timers.clearTimeout(timer);
        reject(cancelledError(path));
      };
      const timer = this.timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

async function readLines(body: ReadableStream<Uint8Array>, onLine: (line: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) onLine(JSON.parse(line));
    }
  }
  if (buffered.trim()) onLine(JSON.parse(buffered));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readResponse<T>(response: Response, path: string): Promise<T> {
  const body = await readBody(response);
  if (response.ok) return body as T;
  const { message, category, title } = readErrorBody(body);
  throw new ApiError({
    kind: 'http',
    status: response.status,
    category,
    title,
    message: message ?? `Request failed with status ${response.status}`,
    path,
  });
}
