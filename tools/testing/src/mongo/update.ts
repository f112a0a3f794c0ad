import type { Document } from 'bson';
import { cloneValue, isPlainObject, valuesEqual } from './bson-values.js';
import { badValue, failedToParse, MongoCommandError } from './command-error.js';

export const isReplacement = (update: Document) => !Object.keys(update).some((key) => key.startsWith('$'));

function parentOf(doc: Document, parts: string[], create: boolean): Document | unknown[] | undefined {
  let node: unknown = doc;
  for (const part of parts.slice(0, -1)) {
    const container = node as Document;
    if (container[part] === undefined || container[part] === null) {
      if (!create) return undefined;
      container[part] = {};
    }
    node = container[part];
    if (!isPlainObject(node) && !Array.isArray(node)) {
      if (!create) return undefined;
      throw new MongoCommandError(
        28,
        'PathNotViable',
        `Cannot create field '${parts.at(-1)}' in element {${part}: ${String(node)}}`,
      );
    }
  }
  return node as Document | unknown[];
}

function setPath(doc: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  (parentOf(doc, parts, true) as Document)[parts.at(-1)!] = value;
}

function unsetPath(doc: Document, path: string): void {
  const parts = path.split('.');
  const parent = parentOf(doc, parts, false);
  if (Array.isArray(parent)) parent[Number(parts.at(-1))] = null;
  else if (parent) delete parent[parts.at(-1)!];
}

const withIdFirst = (doc: Document): Document => (doc._id === undefined ? doc : { _id: doc._id, ...doc });

function assertIdUnchanged(before: Document, after: Document): void {
  if (before._id !== undefined && !valuesEqual(before._id, after._id)) {
    throw new MongoCommandError(
      66,
      'ImmutableField',
      `After applying the update, the (immutable) field '_id' was found to have been altered to ` +
        `_id: ${JSON.stringify(after._id)}`,
    );
  }
}

/** The document after `update` (a replacement or $set/$unset/$setOnInsert), never mutating `current`. */
export function applyUpdate(current: Document, update: unknown, inserting: boolean): Document {
  if (Array.isArray(update)) throw badValue('pipeline-style updates are not supported by the wire-level test double');
  if (!isPlainObject(update)) throw failedToParse('update must be an object');
  if (isReplacement(update)) {
    const next = withIdFirst({ _id: current._id, ...cloneValue(update) });
    assertIdUnchanged(current, next);
    return next;
  }
  const next = cloneValue(current);
  for (const [operator, fields] of Object.entries(update)) {
    if (!isPlainObject(fields)) {
      throw failedToParse(`Modifiers operate on fields but we found another type instead for ${operator}`);
    }
    if (Object.keys(fields).length === 0) {
      throw failedToParse(`'${operator}' is empty. You must specify a field like so: {${operator}: {<field>: ...}}`);
    }
    for (const [path, value] of Object.entries(fields)) {
      switch (operator) {
        case '$set':
          setPath(next, path, cloneValue(value));
          break;
        case '$setOnInsert':
          if (inserting) setPath(next, path, cloneValue(value));
          break;
        case '$unset':
          unsetPath(next, path);
          break;
        default:
          throw failedToParse(
            `Unknown modifier: ${operator}. ` +
              'Expected a valid update modifier or pipeline-style update specified as an array',
          );
      }
    }
  }
  assertIdUnchanged(current, next);
  return withIdFirst(next);
}
