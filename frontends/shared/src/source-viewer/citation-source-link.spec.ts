import { describe, expect, it } from '@jest/globals';
import { citationSourceLink } from './citation-source-link';

describe('citationSourceLink', () => {
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

  it('opens the signed-in user\'s uploaded file in the app at the cited page; another user\'s stays User defined', () => {
    const citation = { url: '/api/users/uid-1/protocols/up_abc_0001/source?page=3', organization: 'User upload' };
    expect(citationSourceLink(citation, 'uid-1')).toEqual({
      kind: 'uploaded',
      link: { userId: 'uid-1', protocolId: 'up_abc_0001', page: 3, path: '/users/uid-1/protocols/up_abc_0001/source' },
    });
    expect(citationSourceLink(citation, 'uid-2')).toEqual({ kind: 'user-defined' });
    expect(citationSourceLink(citation)).toEqual({ kind: 'user-defined' });
  });
});
