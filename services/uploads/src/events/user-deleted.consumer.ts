import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENT_BUS, eraseOnUserDeleted, type EventBus } from '@cairn/platform';
import { AccountErasure } from './account-erasure.js';

/** `user.deleted`: the account's data in this service is erased. */
@Injectable()
export class UserDeletedConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly erasure: AccountErasure,
  ) {}

  onModuleInit(): Promise<void> {
    return eraseOnUserDeleted(this.bus, 'uploads', (userId) => this.erasure.erase(userId));
  }
}
