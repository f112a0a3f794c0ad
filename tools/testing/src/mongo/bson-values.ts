import type { Document } from 'bson';

/** The BSON type of a value as the server sees it (`_bsontype` for bson classes, JS type otherwise). */
function bsonType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (typeof value === 'object') return (value as { _bsontype?: string })._bsontype ?? 'object';
  return typeof value;
}

/**
 * The server's cross-type order: MinKey < null < numbers < strings < objects < arrays < binary
 * < ObjectId < booleans < dates < timestamps < regexes < MaxKey.
 */
const TYPE_ORDER: Record<string, number> = {
  MinKey: 1,
  null: 2,
  number: 3,
  bigint: 3,
  Int32: 3,
  Double: 3,
  Long: 3,
  Decimal128: 3,
  string: 4,
  BSONSymbol: 4,
  object: 5,
  array: 6,
  Binary: 7,
  ObjectId: 8,
  boolean: 9,
  date: 10,
  Timestamp: 11,
  BSONRegExp: 12,
  MaxKey: 13,
};

export function typeOrder(value: unknown): number {
  return TYPE_ORDER[bsonType(value)] ?? 5;
}

export function isPlainObject(value: unknown): value is Document {
  return bsonType(value) === 'object';
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const typed = value as { _bsontype: string; toNumber?: () => number; toString(): string; valueOf(): unknown };
  if (typed._bsontype === 'Long') return typed.toNumber!();
  if (typed._bsontype === 'Decimal128') return Number(typed.toString());
  return Number(typed.valueOf());
}

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Strings compare by UTF-8 bytes, as the server's simple collation does. */
function compareStrings(a: string, b: string): number {
  return a === b ? 0 : Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

interface BinaryValue {
  buffer: Uint8Array;
  position: number;
  sub_type: number;
}

const binaryBytes = (binary: BinaryValue) => binary.buffer.subarray(0, binary.position);

/** Total order over BSON values, following the server's comparison rules. */
export function compareValues(a: unknown, b: unknown): number {
  const byType = typeOrder(a) - typeOrder(b);
  if (byType !== 0) return sign(byType);
  switch (typeOrder(a)) {
    case 3: {
      const [x, y] = [toNumber(a), toNumber(b)];
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return sign(x - y);
    }
    case 4:
      return compareStrings(String(a), String(b));
    case 5:
      return compareDocuments(a as Document, b as Document);
    case 6:
      return compareArrays(a as unknown[], b as unknown[]);
    case 7: {
      const [x, y] = [a as BinaryValue, b as BinaryValue];
      return (
        sign(x.position - y.position) || sign(x.sub_type - y.sub_type) || compareBytes(binaryBytes(x), binaryBytes(y))
      );
    }
    case 8:
      return compareBytes((a as { id: Uint8Array }).id, (b as { id: Uint8Array }).id);
    case 9:
      return sign(Number(a) - Number(b));
    case 10:
      return sign((a as Date).getTime() - (b as Date).getTime());
    case 11: {
      const [x, y] = [a as { t: number; i: number }, b as { t: number; i: number }];
      return sign(x.t - y.t) || sign(x.i - y.i);
    }
    case 12: {
      const [x, y] = [a as { pattern: string; options: string }, b as { pattern: string; options: string }];
      return compareStrings(x.pattern, y.pattern) || compareStrings(x.options, y.options);
    }
    default:
      return 0;
  }
}

function compareArrays(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return sign(a.length - b.length);
}

function compareDocuments(a: Document, b: Document): number {
  const [left, right] = [Object.entries(a), Object.entries(b)];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order =
      sign(typeOrder(left[i][1]) - typeOrder(right[i][1])) ||
      compareStrings(left[i][0], right[i][0]) ||
      compareValues(left[i][1], right[i][1]);
    if (order !== 0) return order;
  }
  return sign(left.length - right.length);
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** A string that is equal for two values exactly when the server treats them as equal (used for index keys). */
export function canonicalKey(value: unknown): string {
  switch (typeOrder(value)) {
    case 2:
      return 'null';
    case 3:
      return `n:${toNumber(value) || 0}`;
    case 4:
      return `s:${JSON.stringify(String(value))}`;
    case 5:
      return `{${Object.entries(value as Document)
        .map(([key, inner]) => `${JSON.stringify(key)}:${canonicalKey(inner)}`)
        .join(',')}}`;
    case 6:
      return `[${(value as unknown[]).map(canonicalKey).join(',')}]`;
    case 7: {
      const binary = value as BinaryValue;
      return `x:${binary.sub_type}:${Buffer.from(binaryBytes(binary)).toString('base64')}`;
    }
    case 8:
      return `o:${String(value)}`;
    case 10:
      return `d:${(value as Date).getTime()}`;
    default:
      return `${bsonType(value)}:${String(value)}`;
  }
}

/** Copies plain objects and arrays; bson values (ObjectId, Binary, …) are immutable here and shared. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cloneValue(inner)])) as T;
  }
  return value;
}
