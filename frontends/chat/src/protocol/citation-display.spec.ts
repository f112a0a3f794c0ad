import { describe, expect, it } from '@jest/globals';
import { citationDetails } from './citation-display';

describe('citation display', () => {
  it('joins organization, year and region, leaving out the unknown', () => {
    expect(citationDetails({ organization: 'WHO', year: 2012, region: 'Global' })).toBe('WHO · 2012 · Global');
    expect(citationDetails({ organization: 'NHS', year: null, region: '' })).toBe('NHS');
  });
});
