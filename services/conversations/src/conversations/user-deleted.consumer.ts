import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@cairn/contracts';
import { EVENT_BUS, type EventBus } from '@cairn/platform';
import { ConversationsRepository } from './conversations.repository.js';

@Injectable()
export class UserDeletedConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly repository: ConversationsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(Topics.userDeleted, 'conversations', async (event) => {
      await this.repository.deleteAllOf(event.payload.userId);
    });
  }
}
