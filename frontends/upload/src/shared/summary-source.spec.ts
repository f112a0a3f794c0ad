import { describe, expect, it } from '@jest/globals';
import { stepSource, summarySource, type SummaryCitation } from './summary-source';

const citation = (id: number, url: string, organization = 'User upload'): SummaryCitation => ({ id, source: `Source ${id}`, organization, year: 2025, region: 'Global', url, excerpt: `Excerpt ${id}` });
const own = (id: number, page: number) => citation(id, `/api/users/uid-1/protocols/up_1_0001/source?page=${page}`);

describe('summarySource', () => {
  it('opens the owner\'s approved upload in the app at the cited page', () => {
    expect(summarySource(own(1, 2), 'uid-1', false)).toEqual({
      kind: 'uploaded',
      link: { userId: 'uid-1', protocolId: 'up_1_0001', page: 2, path: '/users/uid-1/protocols/up_1_0001/source' },
    });
  });

  it('says a preview\'s upload opens after approval, where the index would say User defined', () => {
    const preview = citation(1, '');
    expect(summarySource(preview, 'uid-1', true)).toEqual({ kind: 'after-approval' });
    expect(summarySource(preview, 'uid-1', false)).toEqual({ kind: 'user-defined' });
  });

  it('keeps another user\'s upload User defined and a published source a link, in a preview too', () => {
    expect(summarySource(own(1, 2), 'uid-2', false)).toEqual({ kind: 'user-defined' });
    expect(summarySource(citation(2, 'https://www.who.int/x', 'WHO'), 'uid-1', true)).toEqual({ kind: 'link', url: 'https://www.who.int/x' });
  });
});

describe('stepSource', () => {
  const citations = [own(1, 1), own(2, 2), citation(3, 'https://www.who.int/x', 'WHO')];

  it('is the uploaded citation the step cites', () => {
    expect(stepSource({ citation: 2 }, citations, 'uid-1')).toBe(citations[1]);
    expect(stepSource({ citation: 3, citations: [3, 1] }, citations, 'uid-1')).toBe(citations[0]);
  });

  it('is null for a step citing no upload of the signed-in user, or nothing there is', () => {
    expect(stepSource({ citation: 3 }, citations, 'uid-1')).toBeNull();
    expect(stepSource({ citation: 2 }, citations, 'uid-2')).toBeNull();
    expect(stepSource({ citation: 2 }, citations, null)).toBeNull();
    expect(stepSource({ citation: 9 }, citations, 'uid-1')).toBeNull();
  });
});
