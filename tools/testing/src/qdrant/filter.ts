import { formatError } from './qdrant-error.js';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface FilterablePoint {
  id: string | number;
  payload: Json;
}

const FILTER_KEYS = ['must', 'should', 'must_not'];

/** Every value under a dotted payload key, arrays flattened. */
function payloadValues(payload: Json, key: string): unknown[] {
  let current: unknown[] = [payload];
  for (const part of key.split('.')) {
    current = current.flatMap((value) => (isObject(value) && value[part] !== undefined ? [value[part]].flat() : []));
  }
  return current;
}

function onlyKeys(value: Json, allowed: string[], what: string): void {
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw formatError(`unknown field \`${unknown}\` in ${what}, expected one of ${allowed.map((key) => `\`${key}\``).join(', ')}`);
}

const clauses = (value: unknown): Json[] => {
  if (value === undefined || value === null) return [];
  const list = [value].flat();
  if (!list.every(isObject)) throw formatError('filter clauses must be objects');
  return list as Json[];
};

function matchCondition(values: unknown[], match: Json): boolean {
  onlyKeys(match, ['value', 'any', 'except', 'text'], 'match');
  if ('value' in match) return values.some((value) => value === match.value);
  if (Array.isArray(match.any)) return values.some((value) => (match.any as unknown[]).includes(value));
  if (Array.isArray(match.except)) return values.some((value) => !(match.except as unknown[]).includes(value));
  if (typeof match.text === 'string') return values.some((value) => typeof value === 'string' && value.includes(match.text as string));
  throw formatError('match needs one of `value`, `any`, `except`, `text`');
}

function rangeCondition(values: unknown[], range: Json): boolean {
  onlyKeys(range, ['gt', 'gte', 'lt', 'lte'], 'range');
  return values.some(
    (value) =>
      typeof value === 'number' &&
      (range.gt === undefined || value > Number(range.gt)) &&
      (range.gte === undefined || value >= Number(range.gte)) &&
      (range.lt === undefined || value < Number(range.lt)) &&
      (range.lte === undefined || value <= Number(range.lte)),
  );
}

function condition(point: FilterablePoint, clause: Json): boolean {
  if (FILTER_KEYS.some((key) => key in clause)) return matchesFilter(point, clause);
  if ('has_id' in clause) return (clause.has_id as unknown[]).some((id) => String(id).toLowerCase() === String(point.id));
  if (isObject(clause.is_empty)) return payloadValues(point.payload, String(clause.is_empty.key)).length === 0;
  if (isObject(clause.is_null)) return payloadValues(point.payload, String(clause.is_null.key)).some((value) => value === null);
  if (typeof clause.key === 'string') {
    onlyKeys(clause, ['key', 'match', 'range'], 'field condition');
    const values = payloadValues(point.payload, clause.key);
    if (isObject(clause.match)) return matchCondition(values, clause.match);
    if (isObject(clause.range)) return rangeCondition(values, clause.range);
  }
  throw formatError(`the wire-level test double does not support the condition ${JSON.stringify(clause)}`);
}

/** Qdrant's filter: every `must`, at least one `should` (when any), no `must_not`; clauses nest. */
export function matchesFilter(point: FilterablePoint, filter: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  if (!isObject(filter)) throw formatError('filter must be an object');
  onlyKeys(filter, FILTER_KEYS, 'filter');
  const should = clauses(filter.should);
  return (
    clauses(filter.must).every((clause) => condition(point, clause)) &&
    (should.length === 0 || should.some((clause) => condition(point, clause))) &&
    !clauses(filter.must_not).some((clause) => condition(point, clause))
  );
}
