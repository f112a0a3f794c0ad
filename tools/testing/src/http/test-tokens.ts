import { generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { randomUUID } from 'node:crypto';

export interface TestTokens {
  /** A signed access token for `uid`, as the accounts service (or Keycloak) would issue. */
  tokenFor(uid: string, options?: { expiresIn?: string; issuer?: string; audience?: string }): Promise<string>;
  getKey: JWTVerifyGetKey;
}

/** An ES256 key pair standing in for the identity provider in tests of services that do not host accounts. */
export async function createTestTokens(issuer = 'cairn', audience = 'cairn'): Promise<TestTokens> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = randomUUID();
  return {
    getKey: async () => publicKey,
    tokenFor: (uid, options = {}) =>
      new SignJWT({ email: `${uid}@cairn.test`, name: `User ${uid}` })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setSubject(uid)
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .setJti(randomUUID())
        .sign(privateKey),
  };
}
