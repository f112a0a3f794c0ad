import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { protocolBlobs, Topics } from '@cairn/contracts';
import { BLOB_STORE, notFound, Outbox, readPage, type BlobStore } from '@cairn/platform';
import { toProtocolDocument, toUploadedProtocol, type UserProtocol } from './user-protocol.js';
import { UserProtocolsRepository } from './user-protocols.repository.js';

const notFoundError = () => notFound('Protocol not found');

/** The user's protocol index (docs/product-spec.md §7 `/users/{userId}/protocols*`); every change reaches search as an event. */
@Injectable()
export class UserProtocolsService {
  constructor(
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
  ) {}

  /** One page of the index, newest first (ties by protocol id), so paging by `offset` repeats and skips nothing. */
  async list(userId: string, size: number, offset = 0) {
    const [page, total] = await Promise.all([
      readPage(offset, size, (from, limit) => this.protocols.indexed(userId, limit, from)),
      this.protocols.countIndexed(userId),
    ]);
    return { success: true, protocols: page.items.map(toUploadedProtocol), total, next_offset: page.next_offset };
  }

  private async protocol(userId: string, protocolId: string): Promise<UserProtocol> {
    const protocol = await this.protocols.get(userId, protocolId);
    if (!protocol) throw notFoundError();
    return protocol;
  }

  async rename(userId: string, protocolId: string, title: string) {
    const protocol = await this.protocol(userId, protocolId);
    const change = this.protocols.updating(protocol, { title, protocol_data: { ...protocol.protocol_data, title } });
    if (protocol.state !== 'indexed') await this.outbox.commit(change.write);
    else await this.outbox.commit(change.write, this.outbox.event(Topics.protocolUpdated, { protocol: toProtocolDocument(change.after) }, { key: userId }));
    return { success: true, protocol_id: protocolId, title };
  }

  private async remove(protocol: UserProtocol): Promise<void> {
    const deletion = this.protocols.deleting(protocol);
    if (protocol.state !== 'indexed') return this.outbox.commit(deletion);
    await this.outbox.commit(deletion, this.outbox.event(Topics.protocolDeleted, { protocolId: protocol.protocolId, ownerId: protocol.userId }, { key: protocol.userId }));
    await this.blobs.deletePrefix(protocolBlobs(protocol.userId, protocol.protocolId).prefix);
  }

  async delete(userId: string, protocolId: string) {
    await this.remove(await this.protocol(userId, protocolId));
    return { success: true, message: 'Protocol deleted', protocol_id: protocolId };
  }

  async deleteAll(userId: string) {
    const protocols = await this.protocols.indexed(userId);
    for (const protocol of protocols) await this.remove(protocol);
    return { success: true, message: `Deleted ${protocols.length} protocols`, deleted: protocols.length };
  }

  async regenerate(userId: string, protocolId: string, customPrompt: string) {
    const protocol = await this.protocol(userId, protocolId);
    await this.outbox.commit(
      this.protocols.updating(protocol, { regenerating: true }).write,
      this.outbox.event(
        Topics.protocolRegenerationRequested,
        { protocolId, ownerId: userId, customPrompt, sourceTextRef: protocol.sourceRef, title: protocol.title },
        { correlationId: randomUUID(), key: userId },
      ),
    );
    return { success: true, message: 'Regeneration started', protocol_id: protocolId };
  }
}
