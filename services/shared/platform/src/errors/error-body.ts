import { HttpException } from '@nestjs/common';
import { createLogger } from '../logging/logger.js';
import { AppError, categoryForStatus, type ErrorBody } from './app-error.js';

const logger = createLogger('errors');

interface StatusError {
  statusCode?: number;
  status?: number;
  code?: string;
  message?: string;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

/** Turns any thrown value into a status and the `{"detail":{"message","category"}}` body; never leaks a stack. */
export function toErrorResponse(error: unknown, context: { method?: string; url?: string } = {}): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const detail = { message: error.message, category: error.category, ...(error.field ? { field: error.field } : {}) };
    return { status: error.status, body: { detail } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const fastifyCode = (error.cause as StatusError | undefined)?.code;
    const message =
      (fastifyCode && FASTIFY_MESSAGES[fastifyCode]) ||
      (typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? error.message));
    if (status >= 500) logger.error({ err: error, ...context }, 'request failed');
    return { status, body: { detail: { message, category: categoryForStatus(status) } } };
  }
  const statusError = error as StatusError;
  const status = statusError?.statusCode ?? statusError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (statusError.code && FASTIFY_MESSAGES[statusError.code]) || statusError.message || 'Bad request';
    return { status, body: { detail: { message, category: categoryForStatus(status) } } };
  }
  logger.error({ err: error, ...context }, 'unexpected error');
  return { status: 500, body: { detail: { message: 'Internal server error', category: 'internal' } } };
}
