import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type ProtocolDocument } from '@cairn/contracts';
import { crashPoint, EVENT_BUS, eraseOnUserDeleted, type EventBus } from '@cairn/platform';
import { userOwner } from '../chunks/chunk.js';
import { chunkDocument } from '../chunks/chunker.js';
import { ChunkWriter } from './chunk-writer.js';

const GROUP = 'search';

/** Keeps users' approved protocols in the shared index (owner = uid) and erases them when asked. */
@Injectable()
export class ProtocolEventsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly writer: ChunkWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    const index = async (protocol: ProtocolDocument | undefined) => {
      if (!protocol?.ownerId || !protocol.protocolId) return;
      await this.writer.replaceDocument({ owner: userOwner(protocol.ownerId), documentId: protocol.protocolId }, userChunks(protocol));
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
}

export function userChunks(protocol: ProtocolDocument) {
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
    sections: protocol.sections.map((section) => ({ heading: section.heading, text: section.body })),
  });
}
