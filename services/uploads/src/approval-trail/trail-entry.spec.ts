import { describe, expect, it } from '@jest/globals';
import { actorKey, actorLabel, pseudonym } from './trail-entry.js';

describe('trail actors', () => {
  const uid = '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc';

  it('stores a user by a key that does not hold their uid, the same each time', () => {
    expect(actorKey(uid)).toMatch(/^[0-9a-f]{64}$/);
    expect(actorKey(uid)).not.toContain(uid);
    expect(actorKey(uid)).toBe(actorKey(uid));
    expect(actorKey(`${uid}x`)).not.toBe(actorKey(uid));
  });

  it('gives an erased actor a short stable pseudonym: the first 8 hex of the SHA-256 of their uid', () => {
    expect(pseudonym(actorKey(uid))).toMatch(/^[0-9a-f]{8}$/);
    expect(actorLabel(actorKey(uid), null)).toEqual({ name: `Erased account ${actorKey(uid).slice(0, 8)}`, email: '', erased: true });
  });

  it('shows a known actor by name and email, or by email when they have no name', () => {
    const person = { id: actorKey(uid), name: 'Dr Rao', email: 'rao@ward.org', organisationId: 'ward.org', updatedAt: '' };
    expect(actorLabel(person.id, person)).toEqual({ name: 'Dr Rao', email: 'rao@ward.org', erased: false });
    expect(actorLabel(person.id, { ...person, name: '' })).toEqual({ name: 'rao@ward.org', email: 'rao@ward.org', erased: false });
  });
});
