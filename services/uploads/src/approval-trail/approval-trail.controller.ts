import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { CurrentUser, listLimit, listOffset, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { editorsOrganisation } from '../hospital-library/library-access.js';
import { ApprovalTrail } from './approval-trail.js';
import { trailCsv } from './trail-csv.js';

const trailQuery = z.object({
  format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json'),
  limit: listLimit(100),
  offset: listOffset(),
});

/** A file name that is safe in a header and on every file system. */
const fileNamePart = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'organisation';

/** `GET /library/approval-trail`: the organisation's approval trail for its editors, newest first, as JSON pages or one CSV download. */
@Controller('library/approval-trail')
export class ApprovalTrailController {
  constructor(private readonly trail: ApprovalTrail) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  async read(@CurrentUser() user: AuthenticatedUser, @Query(new ZodPipe(trailQuery)) query: z.infer<typeof trailQuery>) {
    const organisation = editorsOrganisation(user);
    if (query.format === 'json') return { organisation, ...(await this.trail.page(organisation.id, query.limit, query.offset)) };
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(Readable.from(trailCsv(this.trail.all(organisation.id))), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="approval-trail-${fileNamePart(organisation.id)}-${day}.csv"`,
    });
  }
}
