import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { parseOrThrow } from './zod.pipe.js';

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  limit: z.coerce.number().int().max(100).optional(),
  nested: z.object({ user_id: z.string() }).optional(),
});

function errorOf(value: unknown, category?: string): AppError {
  try {
    parseOrThrow(schema, value, category);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation error');
}

describe('parseOrThrow', () => {
  it('returns parsed data', () => {
    expect(parseOrThrow(schema, { title: ' x ', limit: '5' })).toEqual({ title: 'x', limit: 5 });
  });
  it('keeps a message that already names the field', () => {
    const error = errorOf({ title: '  ' });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Title is required');
    expect(error.field).toBe('title');
  });
  it('prefixes the field when the message does not name it', () => {
    expect(errorOf({ title: 'x', limit: 'many' }).message).toMatch(/^limit: /);
    expect(errorOf({ title: 'x', nested: {} }).message).toMatch(/^nested\.user_id: /);
  });
  it('uses the given category', () => {
    expect(errorOf({}, 'invalid_query').category).toBe('invalid_query');
    expect(errorOf({}).category).toBe('invalid_input');
  });
});
