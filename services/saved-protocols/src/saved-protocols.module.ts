import { Module } from '@nestjs/common';
import { DocumentStores } from '@cairn/platform';
import { SAVED_PROTOCOLS_STORE } from './saved-protocols.tokens.js';
import { SavedProtocolsController } from './saved-protocols/saved-protocols.controller.js';
import { SavedProtocolsRepository } from './saved-protocols/saved-protocols.repository.js';
import { SavedProtocolsService } from './saved-protocols/saved-protocols.service.js';
import { UserDeletedConsumer } from './saved-protocols/user-deleted.consumer.js';

@Module({
  controllers: [SavedProtocolsController],
  providers: [
    { provide: SAVED_PROTOCOLS_STORE, useFactory: (stores: DocumentStores) => stores.get('saved-protocols'), inject: [DocumentStores] },
    SavedProtocolsRepository,
    SavedProtocolsService,
    UserDeletedConsumer,
  ],
})
export class SavedProtocolsModule {}
