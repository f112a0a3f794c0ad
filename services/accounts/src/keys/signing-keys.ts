import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { cairnMembershipClaims, DuplicateDocumentError, KeySource, PLATFORM_CONFIG, type Collection, type DocumentStore, type Membership, type PlatformConfig } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';

interface StoredKey {
  id: string;
  privateJwk: JWK;
  publicJwk: JWK;
  createdAt: string;
}

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/** Access tokens live 15 minutes; the session goes on through its refresh token. */
export const TOKEN_TTL_SECONDS = 900;

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  /** The session (refresh-token family) the token belongs to. */
  sid: string;
  /** Epoch seconds of the last sign-in or re-authentication. */
  authTime: number;
  /** Carried as `org`, `org_name` and `roles`, read again from the account at every refresh. */
  membership: Membership;
}
const ALG = 'ES256';

/** The ES256 key ring: signs access tokens, publishes the JWKS and lets this process verify locally. */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private readonly keys: Collection<StoredKey>;
  private current: { kid: string; key: SigningKey } | null = null;
  private readonly verificationKeys = new Map<string, SigningKey>();

  constructor(
    @Inject(ACCOUNTS_STORE) store: DocumentStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly keySource: KeySource,
  ) {
    this.keys = store.collection<StoredKey>('signing_keys', { indexes: [['createdAt']] });
  }

  async onModuleInit(): Promise<void> {
    const [newest] = await this.keys.find({ sort: [{ field: 'createdAt', direction: 'desc' }], limit: 1 });
    const stored = newest ?? (await this.generate());
    this.current = { kid: stored.id, key: await importJWK(stored.privateJwk, ALG) };
    if (!this.config.AUTH_JWKS_URL) this.keySource.provide(this.resolver());
  }

  private async generate(): Promise<StoredKey> {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const stored: StoredKey = {
      id: kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
      createdAt: new Date().toISOString(),
    };
    try {
      await this.keys.insert(stored);
    } catch (error) {
      if (!(error instanceof DuplicateDocumentError)) throw error;
    }
    return stored;
  }

  async sign(claims: AccessClaims): Promise<string> {
    if (!this.current) throw new Error('signing keys are not loaded');
    return new SignJWT({ email: claims.email, name: claims.name, sid: claims.sid, auth_time: claims.authTime, ...cairnMembershipClaims(claims.membership) })
      .setProtectedHeader({ alg: ALG, kid: this.current.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.config.AUTH_ISSUER)
      .setAudience(this.config.AUTH_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .setJti(randomUUID())
      .sign(this.current.key);
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const stored = await this.keys.find({ sort: [{ field: 'createdAt', direction: 'desc' }] });
    return { keys: stored.map((key) => key.publicJwk) };
  }

  private resolver(): JWTVerifyGetKey {
    return async (header) => {
      const kid = header.kid ?? '';
      let key = this.verificationKeys.get(kid);
      if (!key) {
        const stored = await this.keys.get(kid);
        if (!stored) throw new Error(`unknown signing key ${kid}`);
        key = await importJWK(stored.publicJwk, ALG);
        this.verificationKeys.set(kid, key);
      }
      return key;
    };
  }
}
