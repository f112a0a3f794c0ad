import { isObject, matchesFilter, type Json } from './filter.js';
import { badRequest, formatError } from './qdrant-error.js';

export type Distance = 'Cosine' | 'Dot' | 'Euclid' | 'Manhattan';
export type PointId = string | number;

export interface StoredPoint {
  id: PointId;
  vector: Float32Array;
  payload: Json;
  version: number;
}

export interface ScoredPoint {
  point: StoredPoint;
  score: number;
}

const DISTANCES = new Set<string>(['Cosine', 'Dot', 'Euclid', 'Manhattan']);
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A point id as Qdrant keeps it: an unsigned integer, or a UUID in its hyphenated lowercase form. */
export function pointId(value: unknown): PointId {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && UUID.test(value)) {
    const hex = value.replaceAll('-', '').toLowerCase();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  throw formatError(`value ${JSON.stringify(value)} is not a valid point ID, valid values are either an unsigned integer or a UUID`);
}

export function parseDistance(value: unknown): Distance {
  if (typeof value !== 'string' || !DISTANCES.has(value)) {
    throw formatError(`unknown variant \`${String(value)}\`, expected one of \`Cosine\`, \`Euclid\`, \`Dot\`, \`Manhattan\``);
  }
  return value as Distance;
}

const normalised = (vector: Float32Array): Float32Array => {
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
};

/** One collection with a single unnamed dense vector per point, searched exactly. */
export class MemoryCollection {
  readonly points = new Map<PointId, StoredPoint>();
  readonly payloadSchema = new Map<string, unknown>();
  private operations = 0;

  constructor(
    readonly size: number,
    readonly distance: Distance,
  ) {}

  /** Checks the vector against the collection; Cosine collections store (and search) it normalised, as Qdrant does. */
  vector(value: unknown): Float32Array {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'number')) {
      throw formatError('the wire-level test double supports only unnamed dense vectors (an array of numbers)');
    }
    if (value.length !== this.size) throw badRequest(`Vector dimension error: expected dim: ${this.size}, got ${value.length}`);
    const vector = Float32Array.from(value);
    return this.distance === 'Cosine' ? normalised(vector) : vector;
  }

  /** Validates every point first, so a bad batch changes nothing. */
  upsert(points: { id: unknown; vector: unknown; payload?: unknown }[]): number {
    const parsed = points.map((point) => ({
      id: pointId(point.id),
      vector: this.vector(point.vector),
      payload: isObject(point.payload) ? point.payload : {},
    }));
    const version = this.nextOperation();
    for (const point of parsed) this.points.set(point.id, { ...point, version });
    return version;
  }

  matching(filter: unknown): StoredPoint[] {
    return [...this.points.values()].filter((point) => matchesFilter(point, filter));
  }

  delete(points: StoredPoint[]): number {
    for (const point of points) this.points.delete(point.id);
    return this.nextOperation();
  }

  /** The id of a new write operation, which is also the version of the points it writes. */
  nextOperation(): number {
    return this.operations++;
  }

  search(query: unknown, filter: unknown, limit: number, offset: number, threshold?: number): ScoredPoint[] {
    const target = this.vector(query);
    const similarity = this.distance === 'Cosine' || this.distance === 'Dot';
    const score = (vector: Float32Array): number => {
      let total = 0;
      for (let i = 0; i < vector.length; i++) {
        if (similarity) total += vector[i] * target[i];
        else if (this.distance === 'Euclid') total += (vector[i] - target[i]) ** 2;
        else total += Math.abs(vector[i] - target[i]);
      }
      return this.distance === 'Euclid' ? Math.sqrt(total) : total;
    };
    const better = (a: number, b: number) => (similarity ? b - a : a - b);
    return this.matching(filter)
      .map((point) => ({ point, score: score(point.vector) }))
      .filter(({ score: value }) => threshold === undefined || (similarity ? value >= threshold : value <= threshold))
      .sort((a, b) => better(a.score, b.score))
      .slice(offset, offset + limit);
  }
}
