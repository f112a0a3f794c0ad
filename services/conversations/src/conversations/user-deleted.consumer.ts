import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENT_BUS, eraseOnUserDeleted, type EventBus } from '@cairn/platform';
import { ConversationsRepository } from './conversations.repository.js';

@Injectable()
export class UserDeletedConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly repository: ConversationsRepository,
  ) {}

  onModuleInit(): Promise<void> {
    return eraseOnUserDeleted(this.bus, 'conversations', (userId) => this.repository.deleteAllOf(userId));
  }
}
