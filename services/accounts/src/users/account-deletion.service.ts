import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { AppError, EndedSessions, EVENT_BUS, notFound, type AuthenticatedUser, type EventBus } from '@cairn/platform';
import { CLOCK, type Clock } from '../auth/sign-in-throttle.js';
import { IdentitiesRepository } from '../identities/identities.repository.js';

export const RECENT_LOGIN_SECONDS = Symbol('RECENT_LOGIN_SECONDS');

export const requiresRecentLogin = () =>
  new AppError(403, 'requires_recent_login', 'For security reasons, please log out and log back in before deleting your account.');

/**
 * Deletes an account signed in (or re-authenticated) within the last few minutes: its tokens are
 * refused at once, and every service, accounts included, erases the user on `user.deleted`. The
 * identity goes only when that event is handled, so a failed publish leaves an account the user can
 * delete again.
 */
@Injectable()
export class AccountDeletion {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly endedSessions: EndedSessions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(RECENT_LOGIN_SECONDS) private readonly recentLoginSeconds: number,
  ) {}

  async delete(user: AuthenticatedUser): Promise<void> {
    if (!(await this.identities.byId(user.uid))) throw notFound('Account not found');
    if (user.authTime === undefined || this.now() / 1000 - user.authTime > this.recentLoginSeconds) throw requiresRecentLogin();
    await this.bus.publish(Topics.userDeleted, { userId: user.uid }, { id: `user.deleted:${user.uid}`, key: user.uid });
    await this.endedSessions.endAccount(user.uid);
  }
}
