import { analyze } from './english-analyzer.js';
import { illegalArgument, parsingError } from './elasticsearch-error.js';
import { allowedEdits, fuzzyExpansions } from './fuzzy-terms.js';
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

/** `fuzziness` and `prefix_length` of a match: each query token also matches indexed terms within the allowed edits. */
export interface Fuzziness {
  fuzziness: unknown;
  prefixLength: number;
}

export function fuzzinessOf(options: Json): Fuzziness | null {
  if (options.fuzziness === undefined) return null;
  const prefixLength = Number(options.prefix_length ?? 0);
  if (!Number.isInteger(prefixLength) || prefixLength < 0) throw illegalArgument('[prefix_length] must be a non-negative integer');
  return { fuzziness: options.fuzziness, prefixLength };
}

/**
 * A `match` on one field: BM25 summed over the analysed query tokens (all of them with operator `and`).
 * With fuzziness, a token's score in a document is the sum over its expansions of BM25 × the fuzzy
 * boost (Lucene blends the expansions' document frequencies; the double keeps each term's own).
 */
export function matchField(index: MemoryIndex, field: string, text: string, operator: string, boost: number, fuzzy: Fuzziness | null = null): Matches {
  const analyzer = index.analyzerFor(field);
  if (analyzer === null) return termsQuery(index, field, [text], boost);
  const tokens = analyze(text, analyzer);
  const matches: Matches = new Map();
  const hits = new Map<string, Set<string>>();
  for (const token of tokens) {
    const expansions = fuzzy
      ? fuzzyExpansions(token, index.fieldTerms(field), allowedEdits(fuzzy.fuzziness, token), fuzzy.prefixLength)
      : [{ term: token, boost: 1 }];
    for (const expansion of expansions) {
      for (const [id, score] of index.bm25(field, expansion.term)) {
        matches.set(id, (matches.get(id) ?? 0) + score * expansion.boost * boost);
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
  only(query, 'multi_match', ['query', 'fields', 'type', 'tie_breaker', 'operator', 'fuzziness', 'prefix_length', 'boost', '_name']);
  if (typeof query.query !== 'string' && typeof query.query !== 'number') throw parsingError('[multi_match] requires query');
  if (!Array.isArray(query.fields) || query.fields.length === 0) throw illegalArgument('[multi_match] requires fields');
  const type = String(query.type ?? 'best_fields');
  if (type !== 'best_fields' && type !== 'most_fields') {
    throw illegalArgument(`the wire-level test double supports multi_match types best_fields and most_fields, not [${type}]`);
  }
  const tieBreaker = type === 'most_fields' ? 1 : Number(query.tie_breaker ?? 0);
  const operator = String(query.operator ?? 'or');
  const fuzzy = fuzzinessOf(query);
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
      only(options, 'match', ['query', 'operator', 'fuzziness', 'prefix_length', 'boost', '_name']);
      return matchField(index, field, String(value), String(options.operator ?? 'or'), boostOf(options), fuzzinessOf(options));
    }
    case 'multi_match':
      return multiMatch(index, spec);
    default:
      throw parsingError(`unknown query [${name}]`);
  }
}
