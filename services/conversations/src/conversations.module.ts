import { Module } from '@nestjs/common';
import { DocumentStores } from '@cairn/platform';
import { CONVERSATIONS_STORE } from './conversations.tokens.js';
import { ConversationsController } from './conversations/conversations.controller.js';
import { ConversationsRepository } from './conversations/conversations.repository.js';
import { ConversationsService } from './conversations/conversations.service.js';
import { UserDeletedConsumer } from './conversations/user-deleted.consumer.js';

@Module({
  controllers: [ConversationsController],
  providers: [
    { provide: CONVERSATIONS_STORE, useFactory: (stores: DocumentStores) => stores.get('conversations'), inject: [DocumentStores] },
    ConversationsRepository,
    ConversationsService,
    UserDeletedConsumer,
  ],
})
export class ConversationsModule {}
