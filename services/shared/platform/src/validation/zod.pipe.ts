import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { badRequest } from '../errors/app-error.js';

/** Validates a body, query or param with a zod schema; the 400 names the offending field. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly category = 'invalid_input',
  ) {}

  transform(value: unknown): z.infer<S> {
    return parseOrThrow(this.schema, value, this.category);
  }
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, category = 'invalid_input'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  if (!field) throw badRequest(category, issue.message);
  const named = issue.message.toLowerCase().includes(field.split('.').at(-1)!.toLowerCase().replaceAll('_', ' '))
    || issue.message.toLowerCase().includes(field.toLowerCase());
  throw badRequest(category, named ? issue.message : `${field}: ${issue.message}`, field);
}
