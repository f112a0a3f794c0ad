import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, notFound, type Collection, type DocumentStore } from '@cairn/platform';
import { AuthMessages, PASSWORD_MIN_LENGTH, validateResetRequest } from '@cairn/rules';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';
import { hashPassword } from '../auth/password-hasher.js';
import { IdentitiesRepository } from '../identities/identities.repository.js';
import { normaliseEmail } from '../identities/identity.js';
import { MAILER, type Mailer } from './mailer.js';

interface ResetToken {
  id: string;
  uid: string;
  expiresAt: number;
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const PUBLIC_URL = Symbol('PUBLIC_URL');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Password reset by e-mail: a single-use link valid for one hour; only its hash is stored. */
@Injectable()
export class PasswordResetService {
  private readonly tokens: Collection<ResetToken>;

  constructor(
    @Inject(ACCOUNTS_STORE) store: DocumentStore,
    private readonly identities: IdentitiesRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(PUBLIC_URL) private readonly publicUrl: string,
  ) {
    this.tokens = store.collection<ResetToken>('password_reset_tokens', { indexes: [['uid']] });
  }

  async request(email: string | undefined): Promise<{ success: true; message: string }> {
    const invalid = validateResetRequest({ email });
    if (invalid) throw badRequest(invalid.category, invalid.message, 'email');
    const identity = await this.identities.byEmail(normaliseEmail(email!));
    if (!identity) throw notFound(AuthMessages.noAccount);
    const token = randomBytes(32).toString('base64url');
    await this.tokens.deleteMany({ uid: identity.id });
    await this.tokens.insert({ id: tokenHash(token), uid: identity.id, expiresAt: this.now() + RESET_TOKEN_TTL_MS });
    const link = `${this.publicUrl.replace(/\/$/, '')}/forgot-password?token=${token}`;
    await this.mailer.send({
      to: identity.email,
      subject: 'Reset your Cairn password',
      text: `Hello ${identity.displayName},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.`,
    });
    return { success: true, message: 'Password reset email sent' };
  }

  /** Sets the new password; returns the account's uid. */
  async confirm(token: string | undefined, password: string | undefined): Promise<string> {
    if (!password || password.length < PASSWORD_MIN_LENGTH) throw badRequest('weak_password', AuthMessages.passwordTooShort, 'password');
    const stored = token ? await this.tokens.get(tokenHash(token)) : null;
    if (!stored || stored.expiresAt < this.now()) {
      throw badRequest('invalid_token', AuthMessages.resetLinkInvalid, 'token');
    }
    await this.tokens.delete(stored.id);
    const updated = await this.identities.update(stored.uid, { passwordHash: await hashPassword(password) });
    if (!updated) throw notFound(AuthMessages.noAccount);
    return stored.uid;
  }
}
