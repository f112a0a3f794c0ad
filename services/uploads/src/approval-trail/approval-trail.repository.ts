import { Inject, Injectable } from '@nestjs/common';
import { write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import type { TrailEntry } from './trail-entry.js';

const PURGE_BATCH = 500;

/** The approval trail's entries: appended, listed, and removed only once past their retention. */
@Injectable()
export class ApprovalTrailRepository {
  private readonly entries: Collection<TrailEntry>;

  constructor(@Inject(UPLOADS_STORE) private readonly store: DocumentStore) {
    this.entries = store.collection<TrailEntry>('approval_trail', { indexes: [['organisationId', 'at'], ['at']] });
  }

  /** The write that appends `entry`, for a commit with the change it records. */
  appending(entry: TrailEntry): DocumentWrite {
    return write.insert(this.entries, entry);
  }

  /** An organisation's entries, newest first (ties by id). */
  list(organisationId: string, limit: number, offset = 0): Promise<TrailEntry[]> {
    return this.entries.find({ where: { organisationId }, sort: [{ field: 'at', direction: 'desc' }], limit, offset });
  }

  /** Removes every entry made before `before` (ISO time), oldest first; returns how many went. */
  async purgeExpired(before: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const oldest = await this.entries.find({ sort: [{ field: 'at', direction: 'asc' }], limit: PURGE_BATCH });
      const expired = oldest.filter((entry) => entry.at < before);
      if (expired.length > 0) await this.store.commit(expired.map((entry) => write.delete(this.entries, entry.id)));
      removed += expired.length;
      if (expired.length < PURGE_BATCH) return removed;
    }
  }
}
