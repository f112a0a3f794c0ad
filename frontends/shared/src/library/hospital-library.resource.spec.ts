import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '../api/api-client';
import { libraryAccess, libraryCopyOf, loadHospitalLibrary, NO_LIBRARY, readHospitalLibrary } from './hospital-library.resource';

const published = {
  id: 'lib_1',
  title: 'Sepsis Bundle',
  sourceProtocolId: 'p_1',
  sourceFile: 'sepsis.pdf',
  sourceChecksum: 'ab'.repeat(32),
  publishedAt: '2026-11-28T10:00:00.000Z',
  publishedBy: 'Asha Rao',
};
const body = { organisation: { id: 'ward.org', name: "St Mary's Hospital" }, roles: ['editor'], protocols: [published] };

describe('hospital library', () => {
  it('reads GET /library', async () => {
    const urls: string[] = [];
    const api = new ApiClient({ baseUrl: '/api', fetch: (async (url: string) => (urls.push(url), new Response(JSON.stringify(body)))) as unknown as typeof fetch });
    await expect(loadHospitalLibrary(api)).resolves.toEqual(body);
    expect(urls).toEqual(['/api/library']);
  });

  it('reads leniently: a user of no organisation, odd fields, junk', () => {
    expect(readHospitalLibrary({ organisation: null, roles: [], protocols: [] })).toEqual(NO_LIBRARY);
    expect(readHospitalLibrary('nope')).toEqual(NO_LIBRARY);
    expect(readHospitalLibrary({ organisation: { id: 'ward.org' }, roles: ['editor', 3], protocols: [{ id: 'x', publishedBy: { name: 'Asha' } }, { title: 'no id' }] })).toEqual({
      organisation: { id: 'ward.org', name: 'ward.org' },
      roles: ['editor'],
      protocols: [{ id: 'x', title: '', sourceProtocolId: '', sourceFile: '', sourceChecksum: '', publishedAt: '', publishedBy: 'Asha' }],
    });
  });

  it('gives editing to editors and administrators of an organisation only', () => {
    const library = readHospitalLibrary(body);
    expect(libraryAccess(null)).toEqual({ member: false, editor: false, administrator: false });
    expect(libraryAccess({ ...library, roles: [] })).toEqual({ member: true, editor: false, administrator: false });
    expect(libraryAccess(library)).toEqual({ member: true, editor: true, administrator: false });
    expect(libraryAccess({ ...library, roles: ['administrator'] })).toEqual({ member: true, editor: true, administrator: true });
    expect(libraryAccess({ ...NO_LIBRARY, roles: ['administrator'] })).toEqual({ member: false, editor: false, administrator: false });
  });

  it('finds the library copy of a protocol by its source protocol', () => {
    const library = readHospitalLibrary(body);
    expect(libraryCopyOf(library, 'p_1')?.id).toBe('lib_1');
    expect(libraryCopyOf(library, 'lib_1')).toBeUndefined();
  });
});
