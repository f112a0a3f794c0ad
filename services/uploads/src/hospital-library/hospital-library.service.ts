import { Inject, Injectable } from '@nestjs/common';
import { libraryBlobs, Topics } from '@cairn/contracts';
import { BLOB_STORE, notFound, Outbox, type AuthenticatedUser, type BlobStore, type Organisation } from '@cairn/platform';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import { actorLabel, type TrailAction, type TrailFact } from '../approval-trail/trail-entry.js';
import { toLibraryDocument, toLibraryView, type LibraryProtocol } from './library-protocol.js';
import { LibraryProtocolsRepository } from './library-protocols.repository.js';

const libraryFact = (protocol: LibraryProtocol, action: TrailAction, detail = ''): TrailFact => ({
  action,
  protocolId: protocol.sourceProtocolId,
  protocolTitle: protocol.title,
  libraryProtocolId: protocol.id,
  sourceFile: protocol.sourceFile,
  sourceChecksum: protocol.sourceChecksum,
  detail,
});

/** The hospital library of the signed-in user's organisation: listed for every member, renamed and unpublished by editors. */
@Injectable()
export class HospitalLibraryService {
  constructor(
    private readonly library: LibraryProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    private readonly trail: ApprovalTrail,
  ) {}

  async list(user: AuthenticatedUser) {
    const roles = user.roles ?? [];
    if (!user.organisation) return { organisation: null, roles, protocols: [] };
    const protocols = await this.library.of(user.organisation.id);
    return { organisation: { id: user.organisation.id, name: user.organisation.name }, roles, protocols: await this.views(protocols) };
  }

  /** The protocols as `GET /library` shows them, each with its publisher's name (or pseudonym, once erased). */
  async views(protocols: LibraryProtocol[]) {
    const people = await this.trail.actors(protocols.map((protocol) => protocol.publishedBy));
    return protocols.map((protocol) => toLibraryView(protocol, actorLabel(protocol.publishedBy, people.get(protocol.publishedBy)).name));
  }

  async rename(user: AuthenticatedUser, organisation: Organisation, id: string, title: string) {
    const protocol = await this.protocol(organisation, id);
    const change = this.library.updating(protocol, { title, organisationName: organisation.name });
    await this.outbox.commit(
      change.write,
      this.outbox.event(Topics.protocolPublished, { protocol: toLibraryDocument(change.after), organisationName: organisation.name, sourceProtocolId: protocol.sourceProtocolId }, { key: organisation.id }),
      ...this.trail.recording(user, [libraryFact(change.after, 'rename', `Renamed from "${protocol.title}"`)]),
    );
    return { success: true, id, title };
  }

  async unpublish(user: AuthenticatedUser, organisation: Organisation, id: string) {
    const protocol = await this.protocol(organisation, id);
    await this.outbox.commit(
      this.library.deleting(protocol),
      this.outbox.event(Topics.protocolUnpublished, { protocolId: id, organisationId: organisation.id }, { key: organisation.id }),
      ...this.trail.recording(user, [libraryFact(protocol, 'unpublish')]),
    );
    await this.blobs.deletePrefix(libraryBlobs(id).prefix);
    return { success: true, message: 'Protocol unpublished', id };
  }

  private async protocol(organisation: Organisation, id: string): Promise<LibraryProtocol> {
    const protocol = await this.library.get(organisation.id, id);
    if (!protocol) throw notFound('Protocol not found');
    return protocol;
  }
}
