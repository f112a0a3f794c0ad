import { describe, expect, it } from '@jest/globals';
import { decideAfterSearch, weakMatchNotice } from './search-decision';
import { testHit, testResult } from './search-hits.fixture';

describe('decideAfterSearch', () => {
  it('generates for All Protocols and Global Only whatever the hits', () => {
    expect(decideAfterSearch(testResult([]), 'all')).toEqual({ kind: 'generate' });
    expect(decideAfterSearch(testResult([testHit(1, 1)]), 'global')).toEqual({ kind: 'generate' });
  });

  it('guides the user to upload when My Protocols finds nothing', () => {
    expect(decideAfterSearch(testResult([]), 'user')).toEqual({ kind: 'no-user-protocols' });
  });

  it('answers not relevant when the best My Protocols hit is under 6', () => {
    expect(decideAfterSearch(testResult([testHit(1, 5.9), testHit(2, 3)]), 'user')).toEqual({ kind: 'not-relevant', topRelevance: 5.9, scope: 'user' });
  });

  it('generates from My Protocols when the best hit reaches 6', () => {
    expect(decideAfterSearch(testResult([testHit(1, 2), testHit(2, 6)]), 'user')).toEqual({ kind: 'generate' });
  });

  it('holds the Hospital scope to the same line, with its own answers', () => {
    expect(decideAfterSearch(testResult([]), 'hospital')).toEqual({ kind: 'no-hospital-protocols' });
    expect(decideAfterSearch(testResult([testHit(1, 4)]), 'hospital')).toEqual({ kind: 'not-relevant', topRelevance: 4, scope: 'hospital' });
    expect(decideAfterSearch(testResult([testHit(1, 7)]), 'hospital')).toEqual({ kind: 'generate' });
  });
});

describe('weakMatchNotice', () => {
  it('notes a best hit under the line in the scopes that always generate, never rounding it up to the line', () => {
    expect(weakMatchNotice(testResult([testHit(1, 5.96), testHit(2, 2)]), 'all')).toMatch(/^Weak match: the best source found scores 5\.9 of 10 /);
    expect(weakMatchNotice(testResult([testHit(1, 0.4)]), 'global')).toMatch(/scores 0\.4 of 10/);
    expect(weakMatchNotice(testResult([testHit(1, 6)]), 'all')).toBeUndefined();
    expect(weakMatchNotice(testResult([testHit(1, 0.4)]), 'user')).toBeUndefined();
    expect(weakMatchNotice(testResult([]), 'all')).toBeUndefined();
  });
});
