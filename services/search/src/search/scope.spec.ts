import { describe, expect, it } from '@jest/globals';
import { ownersFor, ownersOf } from './scope.js';

const member = { uid: 'uid-1', organisation: { id: 'st-marys', name: "St Mary's Hospital" } };
const unaffiliated = { uid: 'uid-2' };

describe('ownersFor', () => {
  it('covers the global corpus, the user\'s own protocols and their organisation\'s library in mixed', () => {
    expect(ownersFor('mixed', member)).toEqual(['global', 'user:uid-1', 'org:st-marys']);
  });

  it('covers the global corpus and the user\'s own protocols in mixed for a user of no organisation', () => {
    expect(ownersFor('mixed', unaffiliated)).toEqual(['global', 'user:uid-2']);
  });

  it('covers the organisation\'s library alone in hospital_only, and nothing for a user of no organisation', () => {
    expect(ownersFor('hospital_only', member)).toEqual(['org:st-marys']);
    expect(ownersFor('hospital_only', unaffiliated)).toEqual([]);
  });

  it('keeps user_only and global_only to the user\'s own protocols and the global corpus', () => {
    expect(ownersFor('user_only', member)).toEqual(['user:uid-1']);
    expect(ownersFor('global_only', member)).toEqual(['global']);
  });

  it('never covers another organisation\'s library', () => {
    const other = { uid: 'uid-3', organisation: { id: 'city-general', name: 'City General' } };
    for (const mode of ['mixed', 'hospital_only', 'user_only', 'global_only'] as const) {
      expect(ownersFor(mode, other)).not.toContain('org:st-marys');
      expect(ownersFor(mode, unaffiliated).some((owner) => owner.startsWith('org:'))).toBe(false);
    }
  });
});

describe('ownersOf', () => {
  const request = { includeGlobal: true, includeUser: true, userId: 'uid-1', includeOrganisation: true, organisationId: 'st-marys' };

  it('covers the organisation\'s library when the request includes it', () => {
    expect(ownersOf(request)).toEqual(['global', 'user:uid-1', 'org:st-marys']);
    expect(ownersOf({ ...request, includeGlobal: false, includeUser: false })).toEqual(['org:st-marys']);
  });

  it('leaves the library out when the request does not include it or names no organisation', () => {
    expect(ownersOf({ ...request, includeOrganisation: false })).toEqual(['global', 'user:uid-1']);
    expect(ownersOf({ ...request, organisationId: '' })).toEqual(['global', 'user:uid-1']);
  });
});
