import { analyze } from './english-analyzer.js';
import { illegalArgument, parsingError } from './elasticsearch-error.js';
import { isObject, valuesAt, type Json, type MemoryIndex } from './memory-index.js';

/** Matching document ids with their scores. */
export type Matches = Map<string, number>;

const asClauses = (value: unknown): Json[] => (value === undefined ? [] : [value].flat().filter(isObject));

function only(query: Json, name: string, allowed: string[]): void {
  for (const key of Object.keys(query)) {
    if (!allowed.includes(key)) throw parsingError(`[${name}] query does not support [${key}]`);
  }
}

function boostOf(query: Json): number {
  return typeof query.boost === 'number' ? query.boost : 1;
}

/** A query on one field: `{ field: value }` or `{ field: { <valueKey>: value, …options } }`. */
function singleField(name: string, body: Json, valueKey: string): { field: string; value: unknown; options: Json } {
  const fields = Object.keys(body).filter((key) => key !== 'boost' && key !== '_name');
  if (fields.length !== 1) throw parsingError(`[${name}] query doesn't support multiple fields, found [${fields.join('] and [')}]`);
  const [field] = fields;
  const spec = body[field];
  return isObject(spec) ? { field, value: spec[valueKey], options: spec } : { field, value: spec, options: {} };
}

/** Whether a document has `value` in `field`: the exact value for keyword-like fields, a token for text fields. */
function hasTerm(index: MemoryIndex, id: string, field: string, value: unknown): boolean {
  if (index.fieldMapping(field)?.type === 'text') return index.tokensOf(id, field)?.has(String(value)) ?? false;
  return valuesAt(index.searchableDocuments().get(id)?.source, field).some((stored) => String(stored) === String(value));
}

function termsQuery(index: MemoryIndex, field: string, values: unknown[], boost: number): Matches {
  const matches: Matches = new Map();
  for (const id of index.searchableDocuments().keys()) {
    if (values.some((value) => hasTerm(index, id, field, value))) matches.set(id, boost);
  }
  return matches;
}

/** `fuzziness` as Elasticsearch reads it: a number of edits, `AUTO` (3,6) or `AUTO:low,high`; the edits a token of this length allows. */
export function allowedEdits(fuzziness: unknown, token: string): number {
  if (fuzziness === undefined) return 0;
  const auto = /^AUTO(?::(\d+),(\d+))?$/i.exec(String(fuzziness));
  if (!auto) return Math.min(2, Number(fuzziness));
  const [low, high] = auto[1] ? [Number(auto[1]), Number(auto[2])] : [3, 6];
  return token.length < low ? 0 : token.length < high ? 1 : 2;
}

export interface FuzzyOptions {
  fuzziness?: unknown;
  prefixLength?: number;
}

/**
 * A `match` on one field: BM25 summed over the analysed query tokens (all of them with operator `and`).
 * With fuzziness, indexed tokens within the allowed edits count too, scaled by 1 − edits / token length
 * (the similarity Lucene's fuzzy query boosts by), so an exact match ranks first.
 */
export function matchField(index: MemoryIndex, field: string, text: string, operator: string, boost: number, fuzzy: FuzzyOptions = {}): Matches {
  const analyzer = index.analyzerFor(field);
  if (analyzer === null) return termsQuery(index, field, [text], boost);
  const tokens = analyze(text, analyzer);
  const matches: Matches = new Map();
  const hits = new Map<string, Set<string>>();
  for (const token of tokens) {
    const variants = [{ token, edits: 0 }, ...index.tokensNear(field, token, allowedEdits(fuzzy.fuzziness, token), fuzzy.prefixLength ?? 0)];
    for (const variant of variants) {
      const similarity = 1 - variant.edits / token.length;
      for (const [id, score] of index.bm25(field, variant.token)) {
        matches.set(id, (matches.get(id) ?? 0) + score * boost * similarity);
        hits.set(id, (hits.get(id) ?? new Set()).add(token));
      }
    }
  }
  if (operator.toLowerCase() === 'and') {
    const required = new Set(tokens).size;
    for (const id of [...matches.keys()]) if (hits.get(id)!.size < required) matches.delete(id);
  }
  return matches;
}

function parseField(spec: unknown): [string, number] {
  const [field, boost] = String(spec).split('^');
  if (field.includes('*')) throw illegalArgument('the wire-level test double does not expand field wildcards');
  return [field, boost === undefined ? 1 : Number(boost)];
}

function multiMatch(index: MemoryIndex, query: Json): Matches {
  only(query, 'multi_match', ['query', 'fields', 'type', 'tie_breaker', 'operator', 'boost', 'fuzziness', 'prefix_length', '_name']);
  if (typeof query.query !== 'string' && typeof query.query !== 'number') throw parsingError('[multi_match] requires query');
  if (!Array.isArray(query.fields) || query.fields.length === 0) throw illegalArgument('[multi_match] requires fields');
  const type = String(query.type ?? 'best_fields');
  if (type !== 'best_fields' && type !== 'most_fields') {
    throw illegalArgument(`the wire-level test double supports multi_match types best_fields and most_fields, not [${type}]`);
  }
  const tieBreaker = type === 'most_fields' ? 1 : Number(query.tie_breaker ?? 0);
  const operator = String(query.operator ?? 'or');
  const fuzzy = { fuzziness: query.fuzziness, prefixLength: Number(query.prefix_length ?? 0) };
  const perField = query.fields.map(parseField).map(([field, boost]) => matchField(index, field, String(query.query), operator, boost, fuzzy));
  const matches: Matches = new Map();
  for (const id of new Set(perField.flatMap((scores) => [...scores.keys()]))) {
    const scores = perField.map((field) => field.get(id) ?? 0);
    const best = Math.max(...scores);
    const rest = scores.reduce((sum, score) => sum + score, 0) - best;
    matches.set(id, (best + tieBreaker * rest) * boostOf(query));
  }
  return matches;
}

function boolQuery(index: MemoryIndex, query: Json): Matches {
  only(query, 'bool', ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name']);
  const must = asClauses(query.must).map((clause) => evaluate(index, clause));
  const filter = asClauses(query.filter).map((clause) => evaluate(index, clause));
  const should = asClauses(query.should).map((clause) => evaluate(index, clause));
  const mustNot = asClauses(query.must_not).map((clause) => evaluate(index, clause));
  const minimumShould =
    query.minimum_should_match === undefined ? (must.length + filter.length === 0 && should.length > 0 ? 1 : 0) : Number(query.minimum_should_match);
  if (!Number.isInteger(minimumShould)) throw illegalArgument('the wire-level test double takes minimum_should_match as an integer');
  const matches: Matches = new Map();
  for (const id of index.searchableDocuments().keys()) {
    if (!must.every((clause) => clause.has(id)) || !filter.every((clause) => clause.has(id))) continue;
    if (mustNot.some((clause) => clause.has(id))) continue;
    const matched = should.filter((clause) => clause.has(id));
    if (matched.length < minimumShould) continue;
    const score = [...must, ...matched].reduce((sum, clause) => sum + clause.get(id)!, 0);
    matches.set(id, score * boostOf(query));
  }
  return matches;
}

/** Runs a query (bool, term, terms, ids, match, multi_match, match_all, match_none) over the searchable documents. */
export function evaluate(index: MemoryIndex, query: Json | undefined): Matches {
  const entries = Object.entries(query ?? { match_all: {} });
  if (entries.length !== 1) throw parsingError('[_na] query malformed, must have exactly one query type');
  const [[name, spec]] = entries;
  if (!isObject(spec)) throw parsingError(`[${name}] query malformed, no start_object after query name`);
  switch (name) {
    case 'match_all':
      return new Map([...index.searchableDocuments().keys()].map((id) => [id, boostOf(spec)]));
    case 'match_none':
      return new Map();
    case 'bool':
      return boolQuery(index, spec);
    case 'term': {
      const { field, value, options } = singleField(name, spec, 'value');
      return termsQuery(index, field, [value], boostOf(options));
    }
    case 'terms': {
      const { field, value } = singleField(name, spec, 'value');
      if (!Array.isArray(value)) throw parsingError(`[terms] query does not support [${field}] without an array of values`);
      return termsQuery(index, field, value, boostOf(spec));
    }
    case 'ids': {
      const values = new Set((spec.values as unknown[] | undefined)?.map(String));
      return new Map([...index.searchableDocuments().keys()].filter((id) => values.has(id)).map((id) => [id, boostOf(spec)]));
    }
    case 'match': {
      const { field, value, options } = singleField(name, spec, 'query');
      only(options, 'match', ['query', 'operator', 'boost', '_name']);
      return matchField(index, field, String(value), String(options.operator ?? 'or'), boostOf(options));
    }
    case 'multi_match':
      return multiMatch(index, spec);
    default:
      throw parsingError(`unknown query [${name}]`);
  }
}
