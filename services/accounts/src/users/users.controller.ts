import { Controller, Delete, HttpCode, Inject, Param } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { EndedSessions, EVENT_BUS, notFound, type EventBus } from '@cairn/platform';
import { IdentitiesRepository } from '../identities/identities.repository.js';

@Controller('users')
export class UsersController {
  constructor(
    private readonly identities: IdentitiesRepository,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly endedSessions: EndedSessions,
  ) {}

  /** Deletes the account; every service erases the user's data when it sees `user.deleted`. */
  @Delete(':userId')
  @HttpCode(200)
  async delete(@Param('userId') userId: string) {
    const existed = await this.identities.delete(userId);
    if (!existed) throw notFound('Account not found');
    await this.endedSessions.endAccount(userId);
    await this.bus.publish(Topics.userDeleted, { userId }, { id: `user.deleted:${userId}`, key: userId });
    return { success: true, message: 'Account and all its data are being deleted' };
  }
}
