import { describe, expect, it } from '@jest/globals';
import { libraryBlobs, protocolBlobs, uploadBlobs, userBlobs } from './claim-check-keys.js';

describe('claim-check keys', () => {
  it('keep every working file of an upload under its prefix, where both services look for them', () => {
    const upload = uploadBlobs('u1', 'x1');
    expect(userBlobs('u1').prefix).toBe('users/u1');
    expect(upload.prefix).toBe('users/u1/uploads/x1');
    expect([upload.original, upload.document(0), upload.documents, upload.file(2), upload.candidate(1, 3), upload.generated('c9')]).toEqual([
      'users/u1/uploads/x1/original',
      'users/u1/uploads/x1/extracted/0.json',
      'users/u1/uploads/x1/extracted/documents.json',
      'users/u1/uploads/x1/files/2.pdf',
      'users/u1/uploads/x1/sources/1-3.json',
      'users/u1/uploads/x1/generated/c9.json',
    ]);
  });

  it('keep an approved protocol\'s files, and its regenerations, under the protocol\'s prefix', () => {
    const protocol = protocolBlobs('u1', 'up_1');
    expect(protocol.prefix).toBe('users/u1/protocols/up_1');
    expect([protocol.source, protocol.file, protocol.regenerated('c9')]).toEqual([
      'users/u1/protocols/up_1/source.json',
      'users/u1/protocols/up_1/source.pdf',
      'users/u1/protocols/up_1/regenerated-c9.json',
    ]);
  });

  it('keep a library protocol\'s source text outside every user\'s folder', () => {
    expect(libraryBlobs('lib_1')).toEqual({ prefix: 'library/lib_1', source: 'library/lib_1/source.json' });
  });
});
