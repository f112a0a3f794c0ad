import { describe, expect, it } from '@jest/globals';
import { citationDetails, citationFile } from './citation-display';

describe('citation display', () => {
  it('joins organization, year and region, leaving out the unknown', () => {
    expect(citationDetails({ organization: 'WHO', year: 2012, region: 'Global' })).toBe('WHO · 2012 · Global');
    expect(citationDetails({ organization: 'NHS', year: null, region: '' })).toBe('NHS');
  });

  it('names the uploaded file a citation was read from and the page its link opens', () => {
    expect(citationFile({ sourceFile: 'snakebite-ward-guideline.pdf', url: '/users/u1/protocols/p1/source?page=3' })).toBe('snakebite-ward-guideline.pdf, page 3');
    expect(citationFile({ sourceFile: 'snakebite-ward-guideline.pdf', url: '' })).toBe('snakebite-ward-guideline.pdf');
    expect(citationFile({ url: 'https://www.who.int/guidance' })).toBeNull();
  });
});
