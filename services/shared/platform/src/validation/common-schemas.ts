import { z } from 'zod';

export const MAX_LIST_LIMIT = 100;

/** `?limit=`: a positive integer, `fallback` when absent, capped at 100. */
export const listLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .default(fallback)
    .transform((limit) => Math.min(limit, MAX_LIST_LIMIT));

/** `?size=`: a positive integer capped at 100; `fallback` when absent, or absent itself (the whole list) without one. */
export function listSize(fallback: number): z.ZodType<number, unknown>;
export function listSize(): z.ZodType<number | undefined, unknown>;
export function listSize(fallback?: number): z.ZodType<number | undefined, unknown> {
  const size = z.coerce.number({ error: 'size must be a number' }).int('size must be a whole number').min(1, 'size must be at least 1');
  const capped = (value: number) => Math.min(value, MAX_LIST_LIMIT);
  return fallback === undefined ? size.transform(capped).optional() : size.default(fallback).transform(capped);
}

/** `?offset=`: how many items of the list to skip, a whole number >= 0; 0 when absent. */
export const listOffset = () =>
  z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .default(0);

/** An id chosen by the client (conversation, message, protocol): no slashes, no control characters. */
export const clientId = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} is too long`)
    .regex(/^[A-Za-z0-9_.:-]+$/, `${field} may only contain letters, digits, '_', '-', '.' and ':'`);

/** A title the user types (conversation or protocol rename): trimmed, required ('Title is required'), at most `max`. */
export const requiredTitle = (max = 200) =>
  z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(max, `Title must be at most ${max} characters`);
