import { describe, expect, it } from '@jest/globals';
import { PUBLIC_API_PATH, protocolSourcePath, readUploadedSource, withSourcePage } from './uploaded-sources.js';

describe('uploaded sources', () => {
  it('builds the owner route of a protocol and opens it at a page', () => {
    const url = `${PUBLIC_API_PATH}${protocolSourcePath('uid-1', 'up_abc_0001')}`;
    expect(url).toBe('/api/users/uid-1/protocols/up_abc_0001/source');
    expect(withSourcePage(url, 3)).toBe('/api/users/uid-1/protocols/up_abc_0001/source?page=3');
    expect(withSourcePage(`${url}?page=2`, 5)).toBe('/api/users/uid-1/protocols/up_abc_0001/source?page=5');
  });

  it.each([0, -1, 1.5, null, undefined])('leaves the URL alone for page %p', (page) => {
    expect(withSourcePage('/api/users/u/protocols/p/source', page)).toBe('/api/users/u/protocols/p/source');
  });

  it('reads the owner, protocol and page back from a hit or citation URL', () => {
    expect(readUploadedSource('/api/users/uid-1/protocols/up_abc_0001/source?page=4')).toEqual({
      userId: 'uid-1',
      protocolId: 'up_abc_0001',
      page: 4,
      path: '/users/uid-1/protocols/up_abc_0001/source',
    });
    expect(readUploadedSource('users/u%2F1/protocols/p/source')).toMatchObject({ userId: 'u/1', page: 1 });
  });

  it.each(['', 'N/A', 'https://www.who.int/publications/guideline.pdf', '/api/users/u/protocols/p', '/api/users/u/protocols/p/source/extra'])(
    'reads %j as no uploaded source',
    (url) => {
      expect(readUploadedSource(url)).toBeNull();
    },
  );
});
