import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Collection, DocumentStore } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';
import { EmailTakenError, IdentitiesRepository } from '../identities/identities.repository.js';
import { normaliseEmail, type Identity } from '../identities/identity.js';
import { SessionsService, type IssuedSession } from '../sessions/sessions.service.js';
import { OidcClient, OidcError, type ProviderClaims } from './oidc-client.js';

export const OIDC_CLIENT = Symbol('OIDC_CLIENT');

/** A sign-in sent to the provider and not back yet: keyed by its `state`, used once, ten minutes at most. */
interface PendingSignIn {
  id: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: number;
}

/** Which Cairn account an (issuer, subject) pair is: stable however the provider's e-mail or name change. */
interface IdentityLink {
  id: string;
  uid: string;
}

const PENDING_TTL_MS = 10 * 60_000;
const random = () => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest();

export class FederationError extends Error {
  constructor(
    readonly category: 'cancelled' | 'network' | 'email_in_use' | 'unknown',
    message: string,
  ) {
    super(message);
  }
}

/** Sign-in through the configured OIDC provider: accounts then issues its own session for that identity. */
@Injectable()
export class FederationService {
  private readonly pending: Collection<PendingSignIn>;
  private readonly links: Collection<IdentityLink>;

  constructor(
    @Inject(ACCOUNTS_STORE) store: DocumentStore,
    @Inject(OIDC_CLIENT) private readonly client: OidcClient | null,
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsService,
    @Inject(CLOCK) private readonly now: Clock,
  ) {
    this.pending = store.collection<PendingSignIn>('oidc_pending', { indexes: [['createdAt']] });
    this.links = store.collection<IdentityLink>('identity_links', { indexes: [['uid']] });
  }

  async start(redirectUri: string, prompt?: 'login'): Promise<string> {
    const client = this.required();
    const pending: PendingSignIn = { id: random(), nonce: random(), codeVerifier: random(), redirectUri, createdAt: this.now() };
    await this.pruneAbandoned();
    await this.pending.insert(pending);
    const codeChallenge = sha256(pending.codeVerifier).toString('base64url');
    return client.authorizationUrl({ redirectUri, state: pending.id, nonce: pending.nonce, codeChallenge, prompt });
  }

  async finish(query: { code?: string; state?: string; error?: string; error_description?: string }): Promise<IssuedSession> {
    const client = this.required();
    const pending = query.state ? await this.pending.get(query.state) : null;
    if (pending) await this.pending.delete(pending.id);
    if (query.error) {
      const cancelled = query.error === 'access_denied' || query.error === 'login_required' || query.error === 'interaction_required';
      throw new FederationError(cancelled ? 'cancelled' : 'unknown', query.error_description ?? query.error);
    }
    if (!pending || this.now() - pending.createdAt > PENDING_TTL_MS) throw new FederationError('unknown', 'This sign-in has expired or was already used. Please try again.');
    if (!query.code) throw new FederationError('unknown', 'The identity provider sent no authorization code');
    let claims: ProviderClaims;
    try {
      claims = await client.signIn({ code: query.code, codeVerifier: pending.codeVerifier, redirectUri: pending.redirectUri, nonce: pending.nonce });
    } catch (error) {
      throw new FederationError(error instanceof OidcError ? error.category : 'unknown', (error as Error).message);
    }
    return this.sessions.start(await this.identityFor(client.issuer, claims));
  }

  private async identityFor(issuer: string, claims: ProviderClaims): Promise<Identity> {
    const linkId = sha256(`${issuer}\n${claims.subject}`).toString('hex');
    const link = await this.links.get(linkId);
    const existing = link ? await this.identities.byId(link.uid) : null;
    const known = claims.membership && { organisationId: claims.membership.organisation?.id ?? null, organisationName: claims.membership.organisation?.name ?? null, roles: claims.membership.roles };
    if (existing) return (await this.identities.update(existing.id, { photoURL: claims.picture ?? existing.photoURL, ...known })) ?? existing;
    const membership = known ?? { organisationId: null, organisationName: null, roles: [] };
    const now = new Date().toISOString();
    const email = normaliseEmail(claims.email ?? `${claims.subject}@${new URL(issuer).hostname}`);
    const identity: Identity = {
      id: randomUUID(),
      email,
      displayName: (claims.name ?? email.split('@')[0]).slice(0, 120),
      photoURL: claims.picture ?? null,
      provider: 'oidc',
      passwordHash: null,
      disabled: false,
      ...membership,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.identities.create(identity);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new FederationError('email_in_use', 'An account with this email already exists');
      throw error;
    }
    await this.links.put({ id: linkId, uid: identity.id });
    return identity;
  }

  private async pruneAbandoned(): Promise<void> {
    const oldest = await this.pending.find({ sort: [{ field: 'createdAt', direction: 'asc' }], limit: 50 });
    for (const abandoned of oldest.filter((entry) => this.now() - entry.createdAt > PENDING_TTL_MS)) await this.pending.delete(abandoned.id);
  }

  private required(): OidcClient {
    if (!this.client) throw new FederationError('unknown', 'No external identity provider is configured');
    return this.client;
  }
}
