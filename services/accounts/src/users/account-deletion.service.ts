import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { AppError, EndedSessions, Outbox, type AuthenticatedUser } from '@cairn/platform';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';

export const RECENT_LOGIN_SECONDS = Symbol('RECENT_LOGIN_SECONDS');

export const requiresRecentLogin = () =>
  new AppError(403, 'requires_recent_login', 'For security reasons, please log out and log back in before deleting your account.');

/**
 * Deletes an account signed in (or re-authenticated) within the last few minutes: its tokens are
 * refused at once, and every service, accounts included, erases the user on `user.deleted`. The
 * identity goes only when that event is handled; the event is stored in accounts' outbox first, so
 * it reaches every service even when the bus is down at the time. A verified token whose subject has no Cairn identity is a directory (Keycloak) user:
 * their Cairn data is erased the same way, and accounts removes them from the directory when it may.
 */
@Injectable()
export class AccountDeletion {
  constructor(
    private readonly endedSessions: EndedSessions,
    private readonly outbox: Outbox,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(RECENT_LOGIN_SECONDS) private readonly recentLoginSeconds: number,
  ) {}

  async delete(user: AuthenticatedUser): Promise<void> {
    if (user.authTime === undefined || this.now() / 1000 - user.authTime > this.recentLoginSeconds) throw requiresRecentLogin();
    await this.outbox.publish(Topics.userDeleted, { userId: user.uid }, { id: `user.deleted:${user.uid}`, key: user.uid });
    await this.endedSessions.endAccount(user.uid);
  }
}
