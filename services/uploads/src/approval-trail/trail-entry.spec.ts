import { describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { actorKey as keyUnder, actorLabel, pseudonym } from './trail-entry.js';

describe('trail actors', () => {
  const uid = '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc';
  const secret = randomBytes(32);
  const actorKey = (userId: string) => keyUnder(userId, secret);

  it('stores a user by a key that does not hold their uid, the same each time', () => {
    expect(actorKey(uid)).toMatch(/^[0-9a-f]{64}$/);
    expect(actorKey(uid)).not.toContain(uid);
    expect(actorKey(uid)).toBe(actorKey(uid));
    expect(actorKey(`${uid}x`)).not.toBe(actorKey(uid));
  });

  it('keys a user under the deployment secret, so a uid alone does not find them in an exported trail', () => {
    const unkeyed = createHash('sha256').update(uid).digest('hex');
    expect(actorKey(uid)).not.toBe(unkeyed);
    expect(keyUnder(uid, randomBytes(32))).not.toBe(actorKey(uid));
  });

  it('gives an erased actor a short stable pseudonym: the first 8 hex of their key', () => {
    expect(pseudonym(actorKey(uid))).toMatch(/^[0-9a-f]{8}$/);
    expect(actorLabel(actorKey(uid), null)).toEqual({ name: `Erased account ${actorKey(uid).slice(0, 8)}`, email: '', erased: true });
  });

  it('shows a known actor by name and email, or by email when they have no name', () => {
    const person = { id: actorKey(uid), name: 'Dr Rao', email: 'rao@ward.org', organisationId: 'ward.org', updatedAt: '' };
    expect(actorLabel(person.id, person)).toEqual({ name: 'Dr Rao', email: 'rao@ward.org', erased: false });
    expect(actorLabel(person.id, { ...person, name: '' })).toEqual({ name: 'rao@ward.org', email: 'rao@ward.org', erased: false });
  });
});
