import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { clientId, CurrentUser, requiredTitle, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { HospitalLibraryService } from './hospital-library.service.js';
import { editorsOrganisation } from './library-access.js';
import { LibraryPublisher } from './library-publisher.js';
import { PublishableProtocols, type PublishRequest } from './publishable-protocols.js';

const publishSchema = z.union(
  [
    z.strictObject({ protocolId: clientId('protocolId') }),
    z.strictObject({ uploadId: z.uuid({ error: 'uploadId is not a valid upload id' }) }),
  ],
  { error: 'Send either protocolId or uploadId' },
);
const renameSchema = z.object({ title: requiredTitle(200) });
const libraryIdParam = new ZodPipe(clientId('id'));

/** The hospital library of the signed-in user's organisation (docs/hospital-library.md, "The library"). */
@Controller('library')
export class HospitalLibraryController {
  constructor(
    private readonly library: HospitalLibraryService,
    private readonly publishable: PublishableProtocols,
    private readonly publisher: LibraryPublisher,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.library.list(user);
  }

  /** Publishes one protocol of the editor's index, or every protocol of one of their approved uploads; publishing again replaces the copy. */
  @Post()
  @HttpCode(200)
  async publish(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(publishSchema)) body: PublishRequest) {
    const organisation = editorsOrganisation(user);
    const published = await this.publisher.publishProtocols(user, organisation, await this.publishable.of(user.uid, body));
    return { success: true, protocols: await this.library.views(published) };
  }

  @Put(':id/title')
  rename(@CurrentUser() user: AuthenticatedUser, @Param('id', libraryIdParam) id: string, @Body(new ZodPipe(renameSchema)) body: z.infer<typeof renameSchema>) {
    return this.library.rename(user, editorsOrganisation(user), id, body.title);
  }

  @Delete(':id')
  unpublish(@CurrentUser() user: AuthenticatedUser, @Param('id', libraryIdParam) id: string) {
    return this.library.unpublish(user, editorsOrganisation(user), id);
  }
}
