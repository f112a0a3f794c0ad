import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { clientId, CurrentUser, listLimit, listOffset, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { renameSchema, saveProtocolSchema, type SaveProtocolInput } from './saved-protocol.schema.js';
import { SavedProtocolsService } from './saved-protocols.service.js';

const listQuery = z.object({ limit: listLimit(20), offset: listOffset() });
const protocolIdParam = new ZodPipe(clientId('protocolId'));

@Controller('protocols')
export class SavedProtocolsController {
  constructor(private readonly savedProtocols: SavedProtocolsService) {}

  @Post('save')
  @HttpCode(200)
  save(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(saveProtocolSchema)) body: SaveProtocolInput) {
    return this.savedProtocols.save(user.uid, body);
  }

  @Get('saved/:userId')
  list(@CurrentUser() user: AuthenticatedUser, @Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>) {
    return this.savedProtocols.list(user.uid, query.limit, query.offset);
  }

  @Get('saved/:userId/:protocolId')
  get(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string) {
    return this.savedProtocols.get(user.uid, protocolId);
  }

  @Get('saved/:userId/:protocolId/check')
  check(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string) {
    return this.savedProtocols.isSaved(user.uid, protocolId);
  }

  @Put('saved/:userId/:protocolId/title')
  rename(
    @CurrentUser() user: AuthenticatedUser,
    @Param('protocolId', protocolIdParam) protocolId: string,
    @Body(new ZodPipe(renameSchema)) body: z.infer<typeof renameSchema>,
  ) {
    return this.savedProtocols.rename(user.uid, protocolId, body.title);
  }

  @Delete('saved/:userId/:protocolId')
  delete(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string) {
    return this.savedProtocols.delete(user.uid, protocolId);
  }
}
