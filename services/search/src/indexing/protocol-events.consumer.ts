import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type ProtocolCandidate, type ProtocolDocument } from '@cairn/contracts';
import { BLOB_STORE, crashPoint, EVENT_BUS, eraseOnUserDeleted, type BlobStore, type EventBus } from '@cairn/platform';
import { userOwner } from '../chunks/chunk.js';
import { chunkDocument, type DocumentSection } from '../chunks/chunker.js';
import { ChunkWriter } from './chunk-writer.js';

const GROUP = 'search';

/**
 * Keeps users' approved protocols in the shared index (owner = uid) and erases them when asked. A
 * protocol is indexed as its steps and, beside them, the text of the document it came from (read
 * from the blob the event references): both are replaced or deleted together, as one document.
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
    // Subscribed together so the group's consumer joins once with every topic.
    await Promise.all([
      this.bus.subscribe(Topics.protocolApproved, GROUP, (event) => index(event.payload.protocol)),
      this.bus.subscribe(Topics.protocolUpdated, GROUP, (event) => index(event.payload.protocol)),
      this.bus.subscribe(Topics.protocolDeleted, GROUP, async (event) => {
        await this.writer.delete({ owner: userOwner(event.payload.ownerId), documentId: event.payload.protocolId });
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
  const steps = protocol.sections.map((section) => ({ heading: section.heading, text: section.body, ...(section.page > 0 && { page: section.page }) }));
  return chunkDocument({
    id: protocol.protocolId,
    owner: userOwner(protocol.ownerId),
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
