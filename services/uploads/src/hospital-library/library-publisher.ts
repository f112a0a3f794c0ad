import { Inject, Injectable } from '@nestjs/common';
import { libraryBlobs, Topics, type ProtocolCandidate } from '@cairn/contracts';
import { BLOB_STORE, Outbox, type AuthenticatedUser, type BlobStore, type Organisation } from '@cairn/platform';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import type { UserProtocol } from '../library/user-protocol.js';
import { libraryProtocolId, toLibraryDocument, type LibraryProtocol } from './library-protocol.js';
import { LibraryProtocolsRepository } from './library-protocols.repository.js';

/**
 * Publishes an editor's approved protocols to their organisation's library: each becomes (or
 * replaces) the organisation's copy of it, with a copy of its source text of its own, so the
 * editor's later changes, deletions or erasure leave the library as it is.
 */
@Injectable()
export class LibraryPublisher {
  constructor(
    private readonly library: LibraryProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    private readonly trail: ApprovalTrail,
  ) {}

  async publishProtocols(user: AuthenticatedUser, organisation: Organisation, protocols: UserProtocol[]): Promise<LibraryProtocol[]> {
    const published: LibraryProtocol[] = [];
    for (const protocol of protocols) published.push(await this.publishOne(user, organisation, protocol));
    return published;
  }

  private async publishOne(user: AuthenticatedUser, organisation: Organisation, protocol: UserProtocol): Promise<LibraryProtocol> {
    const publisher = this.trail.keyOf(user.uid);
    const sourceKey = `${publisher}/${protocol.protocolId}`;
    const id = libraryProtocolId(organisation.id, sourceKey);
    const replaced = await this.library.get(organisation.id, id);
    const now = new Date().toISOString();
    const copy: LibraryProtocol = {
      id,
      organisationId: organisation.id,
      organisationName: organisation.name,
      sourceKey,
      sourceProtocolId: protocol.protocolId,
      title: protocol.title,
      intent: protocol.intent,
      organization: protocol.organization,
      region: protocol.region,
      year: protocol.year,
      sourceFile: protocol.source_file,
      sourceChecksum: protocol.sourceChecksum ?? '',
      protocol_data: protocol.protocol_data,
      documentTextRef: await this.copyText(protocol.sourceRef, id),
      publishedAt: now,
      publishedBy: publisher,
      updatedAt: now,
    };
    await this.outbox.commit(
      this.library.putting(copy),
      this.outbox.event(Topics.protocolPublished, { protocol: toLibraryDocument(copy), organisationName: organisation.name, sourceProtocolId: protocol.protocolId }, { key: organisation.id }),
      ...this.trail.recording(user, [
        {
          action: 'publish',
          protocolId: protocol.protocolId,
          protocolTitle: copy.title,
          libraryProtocolId: id,
          sourceFile: copy.sourceFile,
          sourceChecksum: copy.sourceChecksum,
          detail: replaced ? 'Replaced the library copy' : '',
        },
      ]),
    );
    return copy;
  }

  /** Copies the source text beside the library protocol (without the user's file reference); empty when there is none. */
  private async copyText(sourceRef: string, id: string): Promise<string> {
    const source = sourceRef ? await this.blobs.get(sourceRef) : null;
    if (!source) return '';
    const { fileRef: _userFile, ...text } = JSON.parse(source.toString('utf8')) as ProtocolCandidate;
    const key = libraryBlobs(id).source;
    await this.blobs.put(key, Buffer.from(JSON.stringify(text)));
    return key;
  }
}
