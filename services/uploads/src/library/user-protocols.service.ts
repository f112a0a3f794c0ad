import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { protocolBlobs, Topics } from '@cairn/contracts';
import { BLOB_STORE, notFound, Outbox, readPage, type AuthenticatedUser, type BlobStore } from '@cairn/platform';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import { protocolFact } from '../approval-trail/protocol-fact.js';
import { toProtocolDocument, toUploadedProtocol, type UserProtocol } from './user-protocol.js';
import { UserProtocolsRepository } from './user-protocols.repository.js';

const notFoundError = () => notFound('Protocol not found');

/**
 * The user's protocol index (docs/product-spec.md §7 `/users/{userId}/protocols*`); every change
 * reaches search as an event, and the approval trail in the same commit.
 */
@Injectable()
export class UserProtocolsService {
  constructor(
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    private readonly trail: ApprovalTrail,
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

  async rename(user: AuthenticatedUser, protocolId: string, title: string) {
    const protocol = await this.protocol(user.uid, protocolId);
    const change = this.protocols.updating(protocol, { title, protocol_data: { ...protocol.protocol_data, title } });
    const recorded = this.trail.recording(user, [protocolFact(change.after, 'rename', `Renamed from "${protocol.title}"`)]);
    if (protocol.state !== 'indexed') await this.outbox.commit(change.write, ...recorded);
    else await this.outbox.commit(change.write, this.outbox.event(Topics.protocolUpdated, { protocol: toProtocolDocument(change.after) }, { key: user.uid }), ...recorded);
    return { success: true, protocol_id: protocolId, title };
  }

  private async remove(user: AuthenticatedUser, protocol: UserProtocol, detail = ''): Promise<void> {
    const deletion = this.protocols.deleting(protocol);
    const recorded = this.trail.recording(user, [protocolFact(protocol, 'deletion', detail)]);
    if (protocol.state !== 'indexed') return this.outbox.commit(deletion, ...recorded);
    await this.outbox.commit(deletion, this.outbox.event(Topics.protocolDeleted, { protocolId: protocol.protocolId, ownerId: protocol.userId }, { key: protocol.userId }), ...recorded);
    await this.blobs.deletePrefix(protocolBlobs(protocol.userId, protocol.protocolId).prefix);
  }

  async delete(user: AuthenticatedUser, protocolId: string) {
    await this.remove(user, await this.protocol(user.uid, protocolId));
    return { success: true, message: 'Protocol deleted', protocol_id: protocolId };
  }

  async deleteAll(user: AuthenticatedUser) {
    const protocols = await this.protocols.indexed(user.uid);
    for (const protocol of protocols) await this.remove(user, protocol, 'Delete all');
    return { success: true, message: `Deleted ${protocols.length} protocols`, deleted: protocols.length };
  }

  async regenerate(user: AuthenticatedUser, protocolId: string, customPrompt: string) {
    const protocol = await this.protocol(user.uid, protocolId);
    await this.outbox.commit(
      this.protocols.updating(protocol, { regenerating: true }).write,
      this.outbox.event(
        Topics.protocolRegenerationRequested,
        { protocolId, ownerId: user.uid, customPrompt, sourceTextRef: protocol.sourceRef, title: protocol.title },
        { correlationId: randomUUID(), key: user.uid },
      ),
      ...this.trail.recording(user, [protocolFact(protocol, 'regeneration', customPrompt ? 'With instructions' : '')]),
    );
    return { success: true, message: 'Regeneration started', protocol_id: protocolId };
  }
}
