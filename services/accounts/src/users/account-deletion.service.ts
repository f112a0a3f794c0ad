import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { AppError, EndedSessions, EVENT_BUS, type AuthenticatedUser, type EventBus } from '@cairn/platform';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';

export const RECENT_LOGIN_SECONDS = Symbol('RECENT_LOGIN_SECONDS');

export const requiresRecentLogin = () =>
  new AppError(403, 'requires_recent_login', 'For security reasons, please log out and log back in before deleting your account.');

/**
 * Deletes an account signed in (or re-authenticated) within the last few minutes: its tokens are
 * refused at once, and every service, accounts included, erases the user on `user.deleted`. The
 * identity goes only when that event is handled, so a failed publish leaves an account the user can
 * delete again. A verified token whose subject has no Cairn identity is a directory (Keycloak) user:
 * their Cairn data is erased the same way, and accounts removes them from the directory when it may.
 */
@Injectable()
export class AccountDeletion {
  constructor(
    private readonly endedSessions: EndedSessions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(RECENT_LOGIN_SECONDS) private readonly recentLoginSeconds: number,
  ) {}

  async delete(user: AuthenticatedUser): Promise<void> {
    if (user.authTime === undefined || this.now() / 1000 - user.authTime > this.recentLoginSeconds) throw requiresRecentLogin();
    await this.bus.publish(Topics.userDeleted, { userId: user.uid }, { id: `user.deleted:${user.uid}`, key: user.uid });
    await this.endedSessions.endAccount(user.uid);
  }
}
