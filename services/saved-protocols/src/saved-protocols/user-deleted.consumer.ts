import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENT_BUS, eraseOnUserDeleted, type EventBus } from '@cairn/platform';
import { SavedProtocolsRepository } from './saved-protocols.repository.js';

@Injectable()
export class UserDeletedConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly repository: SavedProtocolsRepository,
  ) {}

  onModuleInit(): Promise<void> {
    return eraseOnUserDeleted(this.bus, 'saved-protocols', (userId) => this.repository.deleteAllOf(userId));
  }
}
