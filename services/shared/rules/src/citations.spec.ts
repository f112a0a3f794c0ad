import { describe, expect, it } from '@jest/globals';
import { isUserDefinedCitation } from './citations.js';

describe('isUserDefinedCitation', () => {
  it('links a citation with a url from a known organization', () => {
    expect(isUserDefinedCitation({ url: 'https://www.who.int/x', organization: 'WHO' })).toBe(false);
  });

  it.each([
    [{ url: '', organization: 'WHO' }],
    [{ url: '  ', organization: 'WHO' }],
    [{ url: 'N/A', organization: 'CDC' }],
    [{ url: 'n/a', organization: 'CDC' }],
    [{ url: null, organization: 'NHS' }],
    [{ organization: 'NHS' }],
  ])('treats a missing url as user defined: %j', (citation) => {
    expect(isUserDefinedCitation(citation)).toBe(true);
  });

  it.each(['User Upload', 'Custom protocol', 'Regenerated from upload', 'my-user-docs'])(
    'treats the organization %j as user defined even with a url',
    (organization) => {
      expect(isUserDefinedCitation({ url: 'https://example.org/doc.pdf', organization })).toBe(true);
    },
  );
});
