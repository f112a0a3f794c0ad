import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientId, CurrentUser, listOffset, listSize, requiredTitle, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { readForm } from '../upload/uploads.service.js';
import { UserProtocolsService } from './user-protocols.service.js';

const listQuery = z.object({
  size: listSize(20),
  offset: listOffset(),
});
const renameSchema = z.object({ title: requiredTitle(200) });
const protocolIdParam = new ZodPipe(clientId('protocolId'));

@Controller('users/:userId/protocols')
export class UserProtocolsController {
  constructor(private readonly protocols: UserProtocolsService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser, @Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>) {
    return this.protocols.list(user.uid, query.size, query.offset);
  }

  @Delete('all')
  deleteAll(@CurrentUser() user: AuthenticatedUser) {
    return this.protocols.deleteAll(user);
  }

  @Put(':protocolId/title')
  rename(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string, @Body(new ZodPipe(renameSchema)) body: z.infer<typeof renameSchema>) {
    return this.protocols.rename(user, protocolId, body.title);
  }

  @Delete(':protocolId')
  delete(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string) {
    return this.protocols.delete(user, protocolId);
  }

  @Post(':protocolId/regenerate')
  @HttpCode(202)
  async regenerate(@CurrentUser() user: AuthenticatedUser, @Param('protocolId', protocolIdParam) protocolId: string, @Req() request: FastifyRequest) {
    const form = await readForm(request.raw, null, request.body);
    return this.protocols.regenerate(user, protocolId, (form.fields.custom_prompt ?? '').trim());
  }
}
