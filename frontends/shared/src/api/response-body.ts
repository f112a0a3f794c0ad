/** A JSON object from a response body, read field by field. */
export type Entry = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-blank string, trimmed, or a finite number as text; otherwise null. */
export const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** Reads `{success, error, ...}`: the body when it succeeded, else an error saying what failed and why. */
export function expectSuccess(body: unknown, what: string): Entry {
  if (!isEntry(body) || body.success === false) {
    throw new Error(`Failed to ${what}: ${isEntry(body) && typeof body.error === 'string' ? body.error : 'unexpected answer'}`);
  }
  return body;
}
