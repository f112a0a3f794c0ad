import { describe, expect, it } from '@jest/globals';
import { expectSuccess, isEntry, text } from './response-body';

describe('response bodies', () => {
  it('tells JSON objects from arrays and null', () => {
    expect(isEntry({ a: 1 })).toBe(true);
    expect(isEntry([])).toBe(false);
    expect(isEntry(null)).toBe(false);
  });

  it('reads text: trimmed strings and finite numbers, null for blanks and the rest', () => {
    expect(text('  Dengue ')).toBe('Dengue');
    expect(text(2024)).toBe('2024');
    expect(text('   ')).toBeNull();
    expect(text(Number.NaN)).toBeNull();
    expect(text({})).toBeNull();
  });

  it('returns a successful body and names what failed otherwise', () => {
    expect(expectSuccess({ success: true, id: 'x' }, 'save protocol')).toEqual({ success: true, id: 'x' });
    expect(() => expectSuccess({ success: false, error: 'db down' }, 'save protocol')).toThrow('Failed to save protocol: db down');
    expect(() => expectSuccess('nonsense', 'load protocols')).toThrow('Failed to load protocols: unexpected answer');
  });
});
