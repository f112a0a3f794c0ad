/** An error whose message is safe to show to the caller, with its HTTP status and category. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (category: string, message: string, field?: string) => new AppError(400, category, message, field);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Access denied') => new AppError(403, 'forbidden', message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (category: string, message: string) => new AppError(409, category, message);
export const tooManyRequests = (category: string, message: string) => new AppError(429, category, message);

export interface ErrorBody {
  detail: { message: string; category: string; field?: string };
}

const CATEGORY_BY_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'unavailable',
};

export function categoryForStatus(status: number): string {
  return CATEGORY_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_input');
}
