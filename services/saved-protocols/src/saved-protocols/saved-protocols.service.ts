import { Injectable } from '@nestjs/common';
import { notFound, readPage } from '@cairn/platform';
import { savedProtocolId } from '@cairn/rules';
import type { SaveProtocolInput } from './saved-protocol.schema.js';
import { SavedProtocolsRepository, type StoredProtocol } from './saved-protocols.repository.js';

const notFoundError = () => notFound('Saved protocol not found');

@Injectable()
export class SavedProtocolsService {
  constructor(private readonly repository: SavedProtocolsRepository) {}

  async save(userId: string, input: SaveProtocolInput) {
    const protocolId = savedProtocolId(input.title);
    const existing = await this.repository.get(userId, protocolId);
    await this.repository.put({
      userId,
      protocolId,
      title: input.title,
      organization: input.organization ?? null,
      region: input.region ?? null,
      year: input.year ?? null,
      intent: input.intent ?? null,
      protocol_data: input.protocol_data,
      saved_at: existing?.saved_at ?? new Date().toISOString(),
    });
    return { success: true, protocol_id: protocolId, was_duplicate: existing !== null };
  }

  async list(userId: string, limit: number, offset = 0) {
    const page = await readPage(offset, limit, (from, size) => this.repository.newestFirst(userId, size, from));
    return { success: true, protocols: page.items.map(({ protocol_data: _data, ...summary }) => toSummary(summary)), next_offset: page.next_offset, error: null };
  }

  async get(userId: string, protocolId: string) {
    const stored = await this.repository.get(userId, protocolId);
    if (!stored) throw notFoundError();
    return { success: true, protocol: { ...toSummary(stored), protocol_data: stored.protocol_data } };
  }

  async isSaved(userId: string, protocolId: string) {
    return { success: true, is_saved: (await this.repository.get(userId, protocolId)) !== null };
  }

  async rename(userId: string, protocolId: string, title: string) {
    const renamed = await this.repository.rename(userId, protocolId, title);
    if (!renamed) throw notFoundError();
    return { success: true, protocol_id: protocolId, title: renamed.title };
  }

  async delete(userId: string, protocolId: string) {
    if (!(await this.repository.delete(userId, protocolId))) throw notFoundError();
    return { success: true, protocol_id: protocolId };
  }
}

function toSummary(stored: Omit<StoredProtocol, 'protocol_data'>) {
  return {
    id: stored.protocolId,
    title: stored.title,
    saved_at: stored.saved_at,
    organization: stored.organization,
    region: stored.region,
    year: stored.year,
    intent: stored.intent,
  };
}
