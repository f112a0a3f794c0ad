import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import { clientId, CurrentUser, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { ProtocolSourcesService } from './protocol-sources.service.js';

const sourceQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').optional(),
});
const protocolIdParam = new ZodPipe(clientId('protocolId'));

/** `GET /users/{userId}/protocols/{protocolId}/source[?page=N]`: the PDF a protocol came from; the viewer opens it at the page. */
@Controller('users/:userId/protocols/:protocolId/source')
export class ProtocolSourcesController {
  constructor(private readonly sources: ProtocolSourcesService) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async source(
    @CurrentUser() user: AuthenticatedUser,
    @Param('protocolId', protocolIdParam) protocolId: string,
    @Query(new ZodPipe(sourceQuery)) _query: z.infer<typeof sourceQuery>,
  ): Promise<StreamableFile> {
    const file = await this.sources.open(user.uid, protocolId);
    return new StreamableFile(file.content, {
      type: 'application/pdf',
      length: file.size,
      disposition: `inline; filename="${asciiName(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    });
  }
}

/** The file name as a quoted-string can carry it: ASCII, without quotes or backslashes. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'source.pdf';
