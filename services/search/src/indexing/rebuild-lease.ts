import { DuplicateDocumentError, type Collection, type DocumentStore } from '@cairn/platform';

/** Held by the replica that rebuilds; renewed while it works, so a replica that died frees it within a lease. */
interface LeaseRecord {
  id: string;
  holder: string;
  expiresAt: number;
}

export const REBUILD_LEASE_MS = 60_000;

/** One named piece of index work that replicas sharing a store take turns at. */
export class RebuildLease {
  private readonly leases: Collection<LeaseRecord>;
  private readonly holder = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    store: DocumentStore,
    private readonly name: string,
  ) {
    this.leases = store.collection<LeaseRecord>('index_rebuild_leases');
  }

  /** Takes the lease if it is free or has lapsed; false while another replica holds it. */
  async take(): Promise<boolean> {
    try {
      await this.leases.insert({ id: this.name, holder: this.holder, expiresAt: Date.now() + REBUILD_LEASE_MS });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateDocumentError)) throw error;
    }
    const lease = await this.leases.get(this.name);
    if (lease && lease.expiresAt < Date.now()) await this.leases.delete(this.name);
    return false;
  }

  /** Runs `work` holding the lease, renewing it meanwhile, and frees it afterwards. */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    // A renewal that fails (the store briefly away) only shortens the lease; it must not end the process.
    const renew = () => this.leases.update(this.name, { expiresAt: Date.now() + REBUILD_LEASE_MS }).catch(() => undefined);
    const renewal = setInterval(() => void renew(), REBUILD_LEASE_MS / 4);
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.leases.delete(this.name);
    }
  }
}
