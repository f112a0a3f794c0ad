import type { Document } from 'bson';
import { MongoCommandError } from './command-error.js';
import type { MemoryCollection } from './memory-collection.js';

interface Undo {
  collection: MemoryCollection;
  idKey: string;
  before: Document | undefined;
}

const noSuchTransaction = (key: string) =>
  new MongoCommandError(251, 'NoSuchTransaction', `Transaction with { txnNumber: ${key} } has been aborted.`, {
    errorLabels: ['TransientTransactionError'],
  });

function transactionKey(command: Document): string | undefined {
  if (command.txnNumber === undefined || command.autocommit !== false) return undefined;
  const session = (command.lsid as Document | undefined)?.id as { toString(encoding: string): string } | undefined;
  return `${session?.toString('hex') ?? 'no-session'}:${String(command.txnNumber)}`;
}

/**
 * Multi-document transactions the way a single-node replica set runs them for one writer at a time:
 * writes apply at once and are journaled, `abortTransaction` (or an error the driver answers with
 * one) puts every touched document back. Other connections can see a transaction's writes before
 * it commits and no write conflicts are detected; the real server keeps both promises.
 */
export class Transactions {
  private readonly open = new Map<string, Undo[]>();
  private journal: Undo[] | undefined;

  /** Runs one command, journaling its writes when it belongs to a transaction. */
  within(command: Document, work: () => Document): Document {
    const key = transactionKey(command);
    if (key === undefined || 'commitTransaction' in command || 'abortTransaction' in command) return work();
    if (command.startTransaction === true) this.open.set(key, []);
    const journal = this.open.get(key);
    if (!journal) throw noSuchTransaction(key);
    this.journal = journal;
    try {
      return work();
    } finally {
      this.journal = undefined;
    }
  }

  /** Called by a collection before it changes the document stored under `idKey`. */
  record(collection: MemoryCollection, idKey: string, before: Document | undefined): void {
    this.journal?.push({ collection, idKey, before });
  }

  commit(command: Document): Document {
    const key = transactionKey(command);
    if (key !== undefined) this.open.delete(key);
    return { ok: 1 };
  }

  abort(command: Document): Document {
    const key = transactionKey(command) ?? '';
    const journal = this.open.get(key);
    if (!journal) throw noSuchTransaction(key);
    this.open.delete(key);
    for (const { collection, idKey, before } of journal.reverse()) {
      if (before === undefined) collection.remove(idKey);
      else if (collection.get(idKey)) collection.replace(idKey, before);
      else collection.insert(before);
    }
    return { ok: 1 };
  }
}
