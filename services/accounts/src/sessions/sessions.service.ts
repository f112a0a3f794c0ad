import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError, write, type Collection, type DocumentStore } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';
import { IdentitiesRepository } from '../identities/identities.repository.js';
import { toPublicUser, type Identity, type PublicUser } from '../identities/identity.js';
import { SigningKeys, TOKEN_TTL_SECONDS } from '../keys/signing-keys.js';
import { Memberships } from '../organisations/memberships.js';
import { SessionRevocations } from './session-revocations.js';

/** A signed-in session: one family of refresh tokens, each used once. Only hashes of the secrets are kept. */
interface StoredSession {
  id: string;
  uid: string;
  secretHash: string;
  /** The secret rotated away last; presented again within the grace period it still rotates (two tabs refreshing at once). */
  previousHash: string | null;
  rotatedAt: number;
  /** Epoch milliseconds of the last sign-in or re-authentication. */
  authTime: number;
  createdAt: number;
}

export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_MAX_MS = 30 * 24 * 3600 * 1000;
export const ROTATION_GRACE_MS = 30_000;

export interface SessionBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: PublicUser;
}

export interface IssuedSession {
  body: SessionBody;
  /** `<session id>.<secret>`: goes to the client only in the httpOnly cookie. */
  refreshToken: string;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export const sessionEnded = () => new AppError(401, 'session_ended', 'Your session has ended. Please log in again.');

/** Short-lived access tokens and rotating refresh tokens; a refresh token used twice ends its whole session. */
@Injectable()
export class SessionsService {
  private readonly sessions: Collection<StoredSession>;

  constructor(
    @Inject(ACCOUNTS_STORE) store: DocumentStore,
    private readonly keys: SigningKeys,
    private readonly identities: IdentitiesRepository,
    private readonly revocations: SessionRevocations,
    private readonly memberships: Memberships,
    @Inject(CLOCK) private readonly now: Clock,
  ) {
    this.sessions = store.collection<StoredSession>('sessions', { indexes: [['uid']] });
  }

  async start(identity: Identity): Promise<IssuedSession> {
    const now = this.now();
    const secret = newSecret();
    const session: StoredSession = { id: randomUUID(), uid: identity.id, secretHash: hash(secret), previousHash: null, rotatedAt: now, authTime: now, createdAt: now };
    await this.sessions.insert(session);
    return { body: await this.body(identity, session), refreshToken: `${session.id}.${secret}` };
  }

  async refresh(refreshToken: string | null): Promise<IssuedSession> {
    const [id, secret] = (refreshToken ?? '').split('.');
    const session = id && secret ? await this.sessions.get(id) : null;
    if (!session) throw sessionEnded();
    const now = this.now();
    const current = session.secretHash === hash(secret);
    const justRotated = session.previousHash === hash(secret) && now - session.rotatedAt <= ROTATION_GRACE_MS;
    if (!current && !justRotated) {
      await this.end(session.uid, session.id);
      throw sessionEnded();
    }
    const identity = await this.identities.byId(session.uid);
    if (!identity || identity.disabled || now - session.createdAt > SESSION_MAX_MS || now - session.rotatedAt > SESSION_IDLE_SECONDS * 1000) {
      await this.end(session.uid, session.id);
      throw sessionEnded();
    }
    const next = newSecret();
    const rotated = { ...session, secretHash: hash(next), previousHash: session.secretHash, rotatedAt: now };
    await this.sessions.put(rotated);
    return { body: await this.body(identity, rotated), refreshToken: `${session.id}.${next}` };
  }

  /** A fresh `auth_time` for this session, after the caller proved the password (or signed in at the provider) again. */
  async reauthenticated(identity: Identity, sessionId: string | undefined): Promise<SessionBody> {
    const session = sessionId ? await this.sessions.get(sessionId) : null;
    if (!session || session.uid !== identity.id) throw sessionEnded();
    const fresh = { ...session, authTime: this.now() };
    await this.sessions.put(fresh);
    return this.body(identity, fresh);
  }

  async end(uid: string, sessionId: string): Promise<void> {
    await this.revocations.revoke(uid, sessionId, write.delete(this.sessions, sessionId));
  }

  /** Ends every session of the user but `keep` (after a password reset, all of them). */
  async endAll(uid: string, keep?: string): Promise<void> {
    for (const session of await this.sessions.find({ where: { uid } })) {
      if (session.id !== keep) await this.end(uid, session.id);
    }
  }

  private async body(stored: Identity, session: StoredSession): Promise<SessionBody> {
    const identity = await this.settled(stored);
    const accessToken = await this.keys.sign({
      sub: identity.id,
      email: identity.email,
      name: identity.displayName,
      sid: session.id,
      authTime: Math.floor(session.authTime / 1000),
      membership: this.memberships.of(identity),
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS, user: toPublicUser(identity) };
  }

  /** An account stored before organisations joins its email domain's at its next sign-in or refresh. */
  private async settled(identity: Identity): Promise<Identity> {
    if (identity.organisationId !== undefined) return identity;
    const organisation = identity.provider === 'password' ? this.memberships.organisationOfEmail(identity.email) : null;
    return this.identities.settleInOrganisation(identity, organisation?.id ?? null);
  }
}
