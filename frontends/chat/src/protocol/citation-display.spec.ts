import { describe, expect, it } from '@jest/globals';
import { citationDetails, citationSourceLink } from './citation-display';

describe('citation display', () => {
  it('links a published source', () => {
    expect(citationSourceLink({ url: 'https://www.cdc.gov/dengue', organization: 'CDC' })).toEqual({ kind: 'link', url: 'https://www.cdc.gov/dengue' });
  });

  it.each([
    [{ url: '', organization: 'WHO' }],
    [{ url: 'N/A', organization: 'WHO' }],
    [{ url: 'https://example.org/a.pdf', organization: 'User upload' }],
    [{ url: 'https://example.org/a.pdf', organization: 'Custom' }],
    [{ url: 'https://example.org/a.pdf', organization: 'Regenerated protocol' }],
  ])('shows %j as User defined', (citation) => {
    expect(citationSourceLink(citation)).toEqual({ kind: 'user-defined' });
  });

  it('joins organization, year and region, leaving out the unknown', () => {
    expect(citationDetails({ organization: 'WHO', year: 2012, region: 'Global' })).toBe('WHO · 2012 · Global');
    expect(citationDetails({ organization: 'NHS', year: null, region: '' })).toBe('NHS');
  });
});
