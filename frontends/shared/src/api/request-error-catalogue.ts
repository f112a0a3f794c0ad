import { ApiError } from './api-error';

export type RequestErrorCondition =
  | 'timeout'
  | 'cancelled'
  | 'network'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'search'
  | 'generation'
  | 'save'
  | 'delete'
  | 'database'
  | 'invalid-input'
  | 'unknown';

export interface RequestErrorDescription {
  condition: RequestErrorCondition;
  title: string;
  message: string;
  /** The user may simply try the same action again. */
  retryable: boolean;
}

const CATALOGUE: Record<RequestErrorCondition, Omit<RequestErrorDescription, 'condition'>> = {
  timeout: {
    title: 'Request Timed Out',
    message: 'The request took too long to complete. Please try again.',
    retryable: true,
  },
  cancelled: { title: 'Request Cancelled', message: 'The request was cancelled.', retryable: false },
  network: {
    title: 'Connection Error',
    message: 'Unable to reach the server. Please check your internet connection.',
    retryable: false,
  },
  unauthorized: {
    title: 'Authentication Required',
    message: 'Your session has expired. Please log in again.',
    retryable: false,
  },
  forbidden: { title: 'Access Denied', message: 'You do not have permission to perform this action.', retryable: false },
  'not-found': {
    title: 'Not Found',
    message: 'The requested resource was not found. Please refresh the page.',
    retryable: false,
  },
  'rate-limited': {
    title: 'Too Many Requests',
    message: 'You are sending requests too quickly. Please slow down and try again in a moment.',
    retryable: false,
  },
  server: { title: 'Server Error', message: 'The server encountered an error. Please try again later.', retryable: false },
  search: { title: 'Search Error', message: 'The protocol search could not be completed. Please try again.', retryable: false },
  generation: {
    title: 'Protocol Generation Error',
    message: 'The protocol could not be generated. Please try again.',
    retryable: false,
  },
  save: {
    title: 'Save Error',
    message: 'Your changes could not be saved. Your work is still available in this session.',
    retryable: false,
  },
  delete: { title: 'Delete Error', message: 'The item could not be deleted. Please try again.', retryable: false },
  database: { title: 'Database Error', message: 'A database error occurred. Please try again later.', retryable: false },
  'invalid-input': { title: 'Invalid Input', message: 'Please check your input and try again.', retryable: false },
  unknown: { title: 'Something Went Wrong', message: 'An unexpected error occurred. Please try again.', retryable: false },
};

function conditionFromApiError(error: ApiError): RequestErrorCondition | null {
  switch (error.kind) {
    case 'timeout':
      return 'timeout';
    case 'cancelled':
      return 'cancelled';
    case 'network':
      return 'network';
    case 'http':
      return conditionFromStatus(error.status);
  }
}

function conditionFromStatus(status: number | undefined): RequestErrorCondition | null {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 429:
      return 'rate-limited';
    case 500:
    case 502:
    case 503:
      return 'server';
    default:
      return null;
  }
}

/** The table of docs/product-spec.md §8, in its order: the first row whose words appear in the message wins. */
const MESSAGE_RULES: ReadonlyArray<[RegExp, RequestErrorCondition]> = [
  [/time(d)?[\s-]?out/, 'timeout'],
  [/cancel|abort/, 'cancelled'],
  [/network|failed to fetch|connection/, 'network'],
  [/\b401\b|unauthori[sz]ed|authentication/, 'unauthorized'],
  [/\b403\b|forbidden|access denied/, 'forbidden'],
  [/\b404\b|not found/, 'not-found'],
  [/\b429\b|too many requests|rate limit/, 'rate-limited'],
  [/\b50[023]\b|server error/, 'server'],
  [/search failed/, 'search'],
  [/generat\w* failed|failed to generate/, 'generation'],
  [/(save|saving)\w* failed|failed to save/, 'save'],
  [/delet\w* failed|failed to delete/, 'delete'],
  [/database/, 'database'],
  [/required|invalid/, 'invalid-input'],
];

function conditionFromMessage(message: string): RequestErrorCondition {
  const text = message.toLowerCase();
  return MESSAGE_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * Maps any failure of a product call to the title and text the user is shown (docs/product-spec.md §8, request errors).
 * `fallback` names what failed, e.g. 'search', for a failure that matches no other row.
 */
export function describeRequestError(error: unknown, fallback: RequestErrorCondition = 'unknown'): RequestErrorDescription {
  const found = (error instanceof ApiError ? conditionFromApiError(error) : null) ?? conditionFromMessage(messageOf(error));
  const condition = found === 'unknown' ? fallback : found;
  return { condition, ...CATALOGUE[condition] };
}
