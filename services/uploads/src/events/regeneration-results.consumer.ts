import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Topics, type GeneratedUploadProtocol, type ProtocolRegenerated } from '@cairn/contracts';
import { BLOB_STORE, EVENT_BUS, Outbox, type BlobStore, type EventBus, type EventEnvelope } from '@cairn/platform';
import { toProtocolDocument } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';
import { GROUP, readResult } from './generation-results.consumer.js';

/** Takes generation's answers to a protocol's regeneration: the new content replaces the old, and search hears of it. */
@Injectable()
export class RegenerationResultsConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly protocols: UserProtocolsRepository,
    private readonly outbox: Outbox,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(Topics.protocolRegenerated, GROUP, (event) => this.protocolRegenerated(event));
  }

  private async protocolRegenerated(event: EventEnvelope<typeof Topics.protocolRegenerated.schema>): Promise<void> {
    const answer: ProtocolRegenerated = event.payload;
    const protocol = await this.protocols.get(answer.ownerId, answer.protocolId);
    if (!protocol?.regenerating) return;
    const generated = answer.error ? null : await readResult<GeneratedUploadProtocol>(this.blobs, answer.resultRef);
    if (answer.resultRef) await this.blobs.delete(answer.resultRef);
    if (!generated) return this.outbox.commit(this.protocols.updating(protocol, { regenerating: false }).write);
    const change = this.protocols.updating(protocol, {
      regenerating: false,
      intent: generated.intent,
      protocol_data: { ...generated.protocol_data, title: protocol.title },
    });
    if (protocol.state !== 'indexed') return this.outbox.commit(change.write);
    await this.outbox.commit(change.write, this.outbox.event(Topics.protocolUpdated, { protocol: toProtocolDocument(change.after) }, { id: `${event.id}:updated`, key: protocol.userId }));
  }
}
