import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { clientId, CurrentUser, listLimit, listOffset, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { renameSchema, saveConversationSchema, type SaveConversationInput } from './conversation.schema.js';
import { ConversationsService } from './conversations.service.js';

const listQuery = z.object({ limit: listLimit(20), offset: listOffset() });
const conversationIdParam = new ZodPipe(clientId('conversationId'));

@Controller('conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Post('save')
  @HttpCode(200)
  save(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(saveConversationSchema)) body: SaveConversationInput) {
    return this.conversations.save(user.uid, body);
  }

  @Get(':userId')
  list(@CurrentUser() user: AuthenticatedUser, @Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>) {
    return this.conversations.list(user.uid, query.limit, query.offset);
  }

  @Get(':userId/:conversationId')
  get(@CurrentUser() user: AuthenticatedUser, @Param('conversationId', conversationIdParam) conversationId: string) {
    return this.conversations.get(user.uid, conversationId);
  }

  @Put(':userId/:conversationId/title')
  rename(
    @CurrentUser() user: AuthenticatedUser,
    @Param('conversationId', conversationIdParam) conversationId: string,
    @Body(new ZodPipe(renameSchema)) body: z.infer<typeof renameSchema>,
  ) {
    return this.conversations.rename(user.uid, conversationId, body.title);
  }

  @Delete(':userId/:conversationId')
  delete(@CurrentUser() user: AuthenticatedUser, @Param('conversationId', conversationIdParam) conversationId: string) {
    return this.conversations.delete(user.uid, conversationId);
  }
}
