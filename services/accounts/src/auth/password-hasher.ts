import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function options(logN: number, r: number, p: number): ScryptOptions {
  return { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
}

/** scrypt with N=2^17, r=8, p=1; the parameters are stored with each hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, options(LOG_N, R, P));
  return ['scrypt', LOG_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expectedKey.length, options(Number(logN), Number(r), Number(p)));
  return timingSafeEqual(key, expectedKey);
}
