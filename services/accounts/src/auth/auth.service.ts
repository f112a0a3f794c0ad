import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, type Organisation, type OrganisationRole } from '@cairn/platform';
import { AuthMessages, validateSignIn, validateSignUp } from '@cairn/rules';
import { IdentitiesRepository, EmailTakenError } from '../identities/identities.repository.js';
import { normaliseEmail, toPublicUser, type Identity, type PublicUser } from '../identities/identity.js';
import { Memberships } from '../organisations/memberships.js';
import { SessionsService, type IssuedSession, type SessionBody } from '../sessions/sessions.service.js';
import { hashPassword, verifyPassword } from './password-hasher.js';
import { SignInThrottle } from './sign-in-throttle.js';

export interface SignUpInput {
  email?: string;
  password?: string;
  displayName?: string;
}

export interface SignInInput {
  email?: string;
  password?: string;
}

export interface Profile {
  user: PublicUser;
  organisation: Organisation | null;
  roles: OrganisationRole[];
}

@Injectable()
export class AuthService {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: SignInThrottle,
    private readonly memberships: Memberships,
  ) {}

  async signUp(input: SignUpInput): Promise<IssuedSession> {
    const invalid = validateSignUp(input);
    if (invalid) throw badRequest(invalid.category, invalid.message);
    const now = new Date().toISOString();
    const email = normaliseEmail(input.email!);
    const identity: Identity = {
      id: randomUUID(),
      email,
      displayName: input.displayName!.trim().slice(0, 120),
      photoURL: null,
      provider: 'password',
      passwordHash: await hashPassword(input.password!),
      disabled: false,
      organisationId: this.memberships.organisationOfEmail(email)?.id ?? null,
      organisationName: null,
      roles: [],
      createdAt: now,
      updatedAt: now,
    };
    const stored = await this.identities.createInOrganisation(identity).catch((error: unknown) => {
      throw error instanceof EmailTakenError ? conflict('email_in_use', AuthMessages.emailInUse) : error;
    });
    return this.sessions.start(stored);
  }

  async signIn(input: SignInInput, clientAddress: string): Promise<IssuedSession> {
    const invalid = validateSignIn(input);
    if (invalid) throw badRequest(invalid.category, invalid.message);
    const email = normaliseEmail(input.email!);
    if (await this.throttle.isLocked(email, clientAddress)) {
      throw tooManyRequests('too_many_attempts', AuthMessages.tooManyAttempts);
    }
    const identity = await this.identities.byEmail(email);
    const passwordOk = identity?.passwordHash ? await verifyPassword(input.password!, identity.passwordHash) : false;
    if (!identity || !passwordOk) {
      await this.throttle.recordFailure(email, clientAddress);
      if (!identity) throw new AppError(401, 'user_not_found', AuthMessages.noAccount);
      throw new AppError(401, 'wrong_password', AuthMessages.wrongPassword);
    }
    if (identity.disabled) throw forbidden(AuthMessages.disabled);
    await this.throttle.recordSuccess(email);
    return this.sessions.start(identity);
  }

  /** The password proved again inside a session: a token with a fresh `auth_time`, as account deletion asks. */
  async reauthenticate(uid: string, sessionId: string | undefined, password: string | undefined, clientAddress: string): Promise<SessionBody> {
    const identity = await this.identities.byId(uid);
    if (!identity) throw notFound('Account not found');
    if (!identity.passwordHash) throw badRequest('invalid_credential', 'This account signs in with its identity provider');
    if (!password) throw badRequest('missing_fields', 'Please enter your password to confirm deletion.', 'password');
    if (await this.throttle.isLocked(identity.email, clientAddress)) throw tooManyRequests('too_many_attempts', AuthMessages.tooManyAttempts);
    if (!(await verifyPassword(password, identity.passwordHash))) {
      await this.throttle.recordFailure(identity.email, clientAddress);
      throw new AppError(401, 'wrong_password', AuthMessages.wrongPassword);
    }
    await this.throttle.recordSuccess(identity.email);
    return this.sessions.reauthenticated(identity, sessionId);
  }

  async me(uid: string): Promise<Profile> {
    const identity = await this.identities.byId(uid);
    if (!identity) throw notFound('Account not found');
    const { organisation, roles } = this.memberships.of(identity);
    return { user: toPublicUser(identity), organisation: organisation ?? null, roles };
  }

  async rename(uid: string, displayName: string): Promise<PublicUser> {
    const identity = await this.identities.update(uid, { displayName: displayName.trim().slice(0, 120) });
    if (!identity) throw notFound('Account not found');
    return toPublicUser(identity);
  }
}
