import { MinKey, type Document } from 'bson';
import { compareValues, isPlainObject, typeOrder, valuesEqual } from './bson-values.js';
import { badValue, MongoCommandError } from './command-error.js';

/** Every value a dotted path reaches, walking into arrays of documents as the server does; `undefined` = missing. */
export function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) return [value];
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const byPosition = /^\d+$/.test(head) ? valuesAt(value[Number(head)], rest) : [];
    const byElement = value.filter(isPlainObject).flatMap((element) => valuesAt(element, path));
    const found = [...byPosition, ...byElement];
    return found.length > 0 ? found : [undefined];
  }
  if (isPlainObject(value) && Object.hasOwn(value, head)) return valuesAt(value[head], rest);
  return [undefined];
}

/** An array field matches a condition when the array itself or any of its elements does. */
const withElements = (values: unknown[]) =>
  values.flatMap((value) => (Array.isArray(value) ? [value, ...value] : [value]));

interface BsonRegExp {
  pattern: string;
  options: string;
}

/** Commands are decoded with `bsonRegExp: true`, so regex operands arrive as BSONRegExp, never as RegExp. */
const isRegex = (value: unknown): value is BsonRegExp =>
  (value as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp';

function toRegExp(operand: unknown, options?: unknown): RegExp {
  if (typeof operand !== 'string' && !isRegex(operand)) throw badValue('$regex has to be a string');
  const pattern = typeof operand === 'string' ? operand : operand.pattern;
  const flags = typeof options === 'string' ? options : typeof operand === 'string' ? '' : operand.options;
  return new RegExp(pattern, [...flags].filter((flag) => 'ims'.includes(flag)).join(''));
}

const regexMatches = (values: unknown[], regex: RegExp) =>
  withElements(values).some((value) => typeof value === 'string' && regex.test(value));

function equals(values: unknown[], operand: unknown): boolean {
  if (isRegex(operand)) return regexMatches(values, toRegExp(operand));
  return withElements(values).some((value) => valuesEqual(value, operand));
}

/** Range operators only compare values of the same type bracket (`{$gt: 5}` never matches a string). */
function compares(values: unknown[], operand: unknown, accept: (order: number) => boolean): boolean {
  return withElements(values).some(
    (value) => typeOrder(value) === typeOrder(operand) && accept(compareValues(value, operand)),
  );
}

function operandList(operator: string, operand: unknown): unknown[] {
  if (!Array.isArray(operand)) throw badValue(`${operator} needs an array`);
  return operand;
}

function isOperatorObject(condition: unknown): condition is Document {
  if (!isPlainObject(condition)) return false;
  const keys = Object.keys(condition);
  return keys.length > 0 && keys[0].startsWith('$');
}

function applyOperator(values: unknown[], operator: string, operand: unknown, condition: Document): boolean {
  switch (operator) {
    case '$eq':
      return equals(values, operand);
    case '$ne':
      return !equals(values, operand);
    case '$in':
      return operandList(operator, operand).some((candidate) => equals(values, candidate));
    case '$nin':
      return !operandList(operator, operand).some((candidate) => equals(values, candidate));
    case '$gt':
      return compares(values, operand, (order) => order > 0);
    case '$gte':
      return compares(values, operand, (order) => order >= 0);
    case '$lt':
      return compares(values, operand, (order) => order < 0);
    case '$lte':
      return compares(values, operand, (order) => order <= 0);
    case '$exists':
      return values.some((value) => value !== undefined) === Boolean(operand);
    case '$regex':
      return regexMatches(values, toRegExp(operand, condition.$options));
    case '$options':
      if (!('$regex' in condition)) throw badValue('$options needs a $regex');
      return true;
    case '$not':
      return isRegex(operand) ? !regexMatches(values, toRegExp(operand)) : !matchesCondition(values, operand);
    default:
      throw badValue(`unknown operator: ${operator}`);
  }
}

function matchesCondition(values: unknown[], condition: unknown): boolean {
  if (!isOperatorObject(condition)) return equals(values, condition);
  return Object.entries(condition).every(([operator, operand]) => applyOperator(values, operator, operand, condition));
}

function subFilters(operator: string, operand: unknown): Document[] {
  if (!Array.isArray(operand) || operand.length === 0 || !operand.every(isPlainObject)) {
    throw badValue(`${operator} argument must be a non-empty array`);
  }
  return operand;
}

export function matches(doc: Document, filter: Document = {}): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    switch (key) {
      case '$and':
        return subFilters(key, condition).every((inner) => matches(doc, inner));
      case '$or':
        return subFilters(key, condition).some((inner) => matches(doc, inner));
      case '$nor':
        return !subFilters(key, condition).some((inner) => matches(doc, inner));
      case '$comment':
        return true;
    }
    if (key.startsWith('$')) throw badValue(`unknown top level operator: ${key}`);
    return matchesCondition(valuesAt(doc, key.split('.')), condition);
  });
}

/** The fields a filter pins by equality; an upsert starts its new document from them. */
export function equalityFields(filter: Document = {}): Document {
  const fields: Document = {};
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) Object.assign(fields, ...condition.map(equalityFields));
    else if (key.startsWith('$') || key.includes('.')) continue;
    else if (!isOperatorObject(condition)) fields[key] = condition;
    else if ('$eq' in condition) fields[key] = condition.$eq;
  }
  return fields;
}

/** An array sorts by its smallest element ascending and its largest descending; an empty one before null. */
function sortKey(doc: Document, path: string[], direction: number): unknown {
  const candidates = valuesAt(doc, path).flatMap((value) =>
    Array.isArray(value) ? (value.length > 0 ? value : [new MinKey()]) : [value],
  );
  return candidates.reduce((best, value) => (compareValues(value, best) * direction < 0 ? value : best));
}

export function sortDocuments(docs: Document[], sort: Document | undefined): Document[] {
  const keys = Object.entries(sort ?? {}).map(([field, direction]) => {
    if (direction !== 1 && direction !== -1) {
      throw new MongoCommandError(
        15975,
        'Location15975',
        '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
      );
    }
    return { path: field.split('.'), direction };
  });
  if (keys.length === 0) return docs;
  return docs
    .map((doc) => ({ doc, sortKeys: keys.map((key) => sortKey(doc, key.path, key.direction)) }))
    .sort((a, b) => {
      for (let i = 0; i < keys.length; i++) {
        const order = compareValues(a.sortKeys[i], b.sortKeys[i]) * keys[i].direction;
        if (order !== 0) return order;
      }
      return 0;
    })
    .map(({ doc }) => doc);
}

const included = (value: unknown) => value === true || (typeof value === 'number' && value !== 0);

/** Top-level inclusion or exclusion projections, `_id` included unless excluded. */
export function project(doc: Document, projection: Document | undefined): Document {
  const listed = new Map(Object.entries(projection ?? {}));
  if (listed.size === 0) return doc;
  const otherFields = [...listed].filter(([field]) => field !== '_id');
  const inclusive = otherFields.length > 0 ? included(otherFields[0][1]) : included(listed.get('_id'));
  const keepId = !listed.has('_id') || included(listed.get('_id'));
  return Object.fromEntries(
    Object.entries(doc).filter(([field]) => {
      if (field === '_id') return keepId;
      return inclusive ? listed.has(field) : !listed.has(field);
    }),
  );
}
