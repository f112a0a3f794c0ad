import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { OrganisationMembers } from './organisation-members.service.js';

const rolesBody = z.object({ editor: z.boolean({ error: 'editor must be true or false' }) });

/** For the organisation's administrator only: its members, and naming editors among them. */
@Controller('auth/organisation')
export class OrganisationController {
  constructor(private readonly members: OrganisationMembers) {}

  @Get('members')
  async list(@CurrentUser() user: AuthenticatedUser) {
    return { members: await this.members.list(user.uid) };
  }

  /** The member's new role reaches their access token at its next refresh. */
  @Put('members/:memberId/roles')
  async setRoles(@CurrentUser() user: AuthenticatedUser, @Param('memberId') memberId: string, @Body(new ZodPipe(rolesBody)) body: z.infer<typeof rolesBody>) {
    return { member: await this.members.setEditor(user.uid, memberId, body.editor) };
  }
}
