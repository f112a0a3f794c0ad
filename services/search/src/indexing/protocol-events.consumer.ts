import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type ProtocolCandidate, type ProtocolDocument, type ProtocolPublished } from '@cairn/contracts';
import { BLOB_STORE, crashPoint, EVENT_BUS, eraseOnUserDeleted, type BlobStore, type EventBus } from '@cairn/platform';
import { organisationOwner, userOwner } from '../chunks/chunk.js';
import { chunkDocument, type DocumentSection } from '../chunks/chunker.js';
import { ChunkWriter } from './chunk-writer.js';

const GROUP = 'search';

/**
 * Keeps users' approved protocols (owner = uid) and organisations' hospital libraries (owner = the
 * organisation) in the shared index, and erases them when asked. A protocol is indexed as its steps
 * and, beside them, the text of the document it came from (read from the blob the event references):
 * both are replaced or deleted together, as one document. Erasing a user leaves the library copies
 * they published: those belong to their organisation.
 */
@Injectable()
export class ProtocolEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly writer: ChunkWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    const index = async (protocol: ProtocolDocument | undefined) => {
      if (!protocol?.ownerId || !protocol.protocolId) return;
      const text = await this.documentText(protocol.documentTextRef);
      await this.writer.replaceDocument({ owner: userOwner(protocol.ownerId), documentId: protocol.protocolId }, userChunks(protocol, text));
      crashPoint('search.indexing');
    };
    const publish = async ({ protocol, organisationName }: ProtocolPublished) => {
      if (!protocol?.ownerId || !protocol.protocolId) return;
      const text = await this.documentText(protocol.documentTextRef);
      await this.writer.replaceDocument({ owner: organisationOwner(protocol.ownerId), documentId: protocol.protocolId }, libraryChunks(protocol, organisationName, text));
    };
    // Subscribed together so the group's consumer joins once with every topic.
    await Promise.all([
      this.bus.subscribe(Topics.protocolApproved, GROUP, (event) => index(event.payload.protocol)),
      this.bus.subscribe(Topics.protocolUpdated, GROUP, (event) => index(event.payload.protocol)),
      this.bus.subscribe(Topics.protocolDeleted, GROUP, async (event) => {
        await this.writer.delete({ owner: userOwner(event.payload.ownerId), documentId: event.payload.protocolId });
      }),
      this.bus.subscribe(Topics.protocolPublished, GROUP, (event) => publish(event.payload)),
      this.bus.subscribe(Topics.protocolUnpublished, GROUP, async ({ payload }) => {
        if (payload.organisationId && payload.protocolId) await this.writer.delete({ owner: organisationOwner(payload.organisationId), documentId: payload.protocolId });
      }),
      eraseOnUserDeleted(this.bus, GROUP, (userId) => this.writer.delete({ owner: userOwner(userId) })),
    ]);
  }

  /** The claim check's document text; null when there is none, or the protocol was deleted since (its deletion follows). */
  private async documentText(ref: string): Promise<ProtocolCandidate | null> {
    const blob = ref ? await this.blobs.get(ref) : null;
    return blob ? (JSON.parse(blob.toString('utf8')) as ProtocolCandidate) : null;
  }
}

/** The sections of an uploaded document's own text, headed by their own headings (or the protocol's title). */
export function documentTextSections(title: string, text: ProtocolCandidate | null): DocumentSection[] {
  return (text?.sections ?? []).map((section) => ({ heading: section.heading.trim() || title, text: section.text, page: section.page }));
}

/** A user's protocol as chunks: its steps first, then the text of the document it came from. */
export function userChunks(protocol: ProtocolDocument, text: ProtocolCandidate | null = null) {
  return protocolChunks(protocol, userOwner(protocol.ownerId), text);
}

/**
 * A hospital library's copy of a protocol as chunks, carrying the organisation's name. Protocol ids are
 * unique per owner only, so its chunk ids are prefixed with the organisation: a copy never overwrites
 * the chunks of the protocol it was published from, nor another organisation's.
 */
export function libraryChunks(protocol: ProtocolDocument, organisationName: string, text: ProtocolCandidate | null = null) {
  const owner = organisationOwner(protocol.ownerId);
  const hospital = organisationName || protocol.ownerId;
  return protocolChunks(protocol, owner, text).map((chunk) => ({ ...chunk, id: `${owner}/${chunk.id}`, hospital }));
}

function protocolChunks(protocol: ProtocolDocument, owner: string, text: ProtocolCandidate | null) {
  const steps = protocol.sections.map((section) => ({ heading: section.heading, text: section.body, ...(section.page > 0 && { page: section.page }) }));
  return chunkDocument({
    id: protocol.protocolId,
    owner,
    source: 'protocol',
    title: protocol.title,
    organization: protocol.organization,
    region: protocol.region,
    year: protocol.year || null,
    disease: protocol.disease,
    topics: [],
    sourceUrl: protocol.sourceUrl,
    sourceFile: protocol.sourceFile,
    sections: [...steps, ...documentTextSections(protocol.title, text)],
  });
}
