import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
  it('refuses malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});
