export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  category?: string;
  /** A heading the service gave with the message, e.g. for a refused query. */
  title?: string;
  path?: string;
}

/** Every failure of the API client, whatever its cause, is one of these. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly category?: string;
  readonly title?: string;
  readonly path?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.category = init.category;
    this.title = init.title;
    this.path = init.path;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Reads `{"detail": {"message", "category", "title"}}`, tolerating a plain-string detail or a top-level message. */
export function readErrorBody(body: unknown): { message?: string; category?: string; title?: string } {
  if (!isRecord(body)) return {};
  const detail = body.detail;
  if (typeof detail === 'string') return { message: detail };
  if (isRecord(detail)) {
    return { message: optionalText(detail.message), category: optionalText(detail.category), title: optionalText(detail.title) };
  }
  return { message: typeof body.message === 'string' ? body.message : undefined };
}
