import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DuplicateDocumentError, write, type Collection, type DocumentStore } from './document-store.port.js';

interface Note {
  id: string;
  owner: string;
  title: string;
  rank: number;
  pinned: boolean;
  archivedAt: string | null;
  tags?: string[];
  nested?: { deep: { value: number } };
}

const note = (id: string, owner: string, rank: number, extra: Partial<Note> = {}): Note => ({
  id,
  owner,
  title: `note ${id}`,
  rank,
  pinned: false,
  archivedAt: null,
  ...extra,
});

/** The behaviour every DocumentStore adapter must have. */
export function describeDocumentStoreContract(adapter: string, open: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${adapter}`, () => {
    let store: DocumentStore;
    let notes: Collection<Note>;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(() => {
      notes = store.collection<Note>(`notes_${randomUUID().replaceAll('-', '')}`, { indexes: [['owner', 'rank']] });
    });

    it('stores and returns a document with nested values intact', async () => {
      const doc = note('a', 'u1', 1, { tags: ['x', 'y'], nested: { deep: { value: 3 } } });
      await notes.insert(doc);
      expect(await notes.get('a')).toEqual(doc);
      expect(await notes.get('missing')).toBeNull();
    });

    it('refuses a second insert with the same id', async () => {
      await notes.insert(note('a', 'u1', 1));
      await expect(notes.insert(note('a', 'u2', 2))).rejects.toBeInstanceOf(DuplicateDocumentError);
      expect((await notes.get('a'))?.owner).toBe('u1');
    });

    it('put inserts or replaces the whole document', async () => {
      await notes.put(note('a', 'u1', 1, { tags: ['old'] }));
      await notes.put(note('a', 'u1', 5));
      expect(await notes.get('a')).toEqual(note('a', 'u1', 5));
      expect(await notes.count()).toBe(1);
    });

    it('filters by equality on several fields, including booleans and null', async () => {
      await notes.insert(note('a', 'u1', 1, { pinned: true }));
      await notes.insert(note('b', 'u1', 2));
      await notes.insert(note('c', 'u2', 3, { pinned: true, archivedAt: '2026-01-01' }));
      const ids = async (where: Parameters<Collection<Note>['find']>[0]) =>
        (await notes.find(where)).map((n) => n.id).sort();
      expect(await ids({ where: { owner: 'u1' } })).toEqual(['a', 'b']);
      expect(await ids({ where: { owner: 'u1', pinned: true } })).toEqual(['a']);
      expect(await ids({ where: { pinned: true } })).toEqual(['a', 'c']);
      expect(await ids({ where: { archivedAt: null } })).toEqual(['a', 'b']);
      expect(await ids({ where: { owner: 'nobody' } })).toEqual([]);
      expect(await notes.count({ owner: 'u1' })).toBe(2);
    });

    it('sorts, limits and offsets', async () => {
      for (const [id, rank] of [['a', 3], ['b', 1], ['c', 2], ['d', 5], ['e', 4]] as const) {
        await notes.insert(note(id, 'u1', rank));
      }
      const desc = await notes.find({ sort: [{ field: 'rank', direction: 'desc' }] });
      expect(desc.map((n) => n.id)).toEqual(['d', 'e', 'a', 'c', 'b']);
      const page = await notes.find({ sort: [{ field: 'rank', direction: 'asc' }], limit: 2, offset: 1 });
      expect(page.map((n) => n.id)).toEqual(['c', 'a']);
      const byStringThenRank = await notes.find({
        where: { owner: 'u1' },
        sort: [{ field: 'owner', direction: 'asc' }, { field: 'rank', direction: 'asc' }],
        limit: 3,
      });
      expect(byStringThenRank.map((n) => n.rank)).toEqual([1, 2, 3]);
    });

    it('pages through many documents with ties by offset and limit: every id once, in order, ties by id', async () => {
      const ids = Array.from({ length: 250 }, (_, i) => `n${String((i * 7919) % 1000).padStart(3, '0')}`);
      await store.commit(ids.map((id, i) => write.insert(notes, note(id, i % 2 ? 'u1' : 'u2', i % 7))));
      await notes.insert(note('other', 'u3', 0));
      const u1 = ids.filter((_, i) => i % 2).map((id) => ({ id, rank: ids.indexOf(id) % 7 }));
      const expected = u1.sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1)).map((n) => n.id);
      const byRankDesc = { where: { owner: 'u1' }, sort: [{ field: 'rank', direction: 'desc' }] } as const;
      const paged: string[] = [];
      for (let offset = 0; offset < expected.length + 20; offset += 20) {
        paged.push(...(await notes.find({ ...byRankDesc, limit: 20, offset })).map((n) => n.id));
      }
      expect(paged).toEqual(expected);
      expect((await notes.find({ ...byRankDesc, offset: 120 })).map((n) => n.id)).toEqual(expected.slice(120));
      expect(await notes.find({ ...byRankDesc, limit: 5, offset: expected.length })).toEqual([]);
      expect(await notes.find({ ...byRankDesc, offset: 10_000 })).toEqual([]);
      expect((await notes.find({ where: { owner: 'u1' }, limit: 3, offset: 2 })).map((n) => n.id)).toEqual([...expected].sort().slice(2, 5));
    });

    it('updates by shallow merge and never changes the id', async () => {
      await notes.insert(note('a', 'u1', 1, { tags: ['x'] }));
      const updated = await notes.update('a', { title: 'renamed', tags: [] });
      expect(updated).toEqual({ ...note('a', 'u1', 1), title: 'renamed', tags: [] });
      expect(await notes.get('a')).toEqual(updated);
      expect(await notes.update('missing', { title: 'x' })).toBeNull();
    });

    it('deletes one document or every match', async () => {
      await notes.insert(note('a', 'u1', 1));
      await notes.insert(note('b', 'u1', 2));
      await notes.insert(note('c', 'u2', 3));
      expect(await notes.delete('a')).toBe(true);
      expect(await notes.delete('a')).toBe(false);
      expect(await notes.deleteMany({ owner: 'u1' })).toBe(1);
      expect((await notes.find()).map((n) => n.id)).toEqual(['c']);
    });

    it('keeps collections apart', async () => {
      const other = store.collection<Note>(`other_${randomUUID().replaceAll('-', '')}`);
      await notes.insert(note('a', 'u1', 1));
      expect(await other.get('a')).toBeNull();
      expect(await other.count()).toBe(0);
    });

    it('commits a batch across collections in order', async () => {
      const other = store.collection<Note>(`other_${randomUUID().replaceAll('-', '')}`);
      await notes.insert(note('a', 'u1', 1, { tags: ['x'] }));
      await notes.insert(note('gone', 'u1', 2));
      await store.commit([
        write.update(notes, 'a', { title: 'renamed', tags: undefined }),
        write.delete(notes, 'gone'),
        write.insert(other, note('b', 'u2', 3)),
        write.put(other, note('b', 'u2', 4)),
        write.update(notes, 'missing', { title: 'x' }),
      ]);
      expect(await notes.find()).toEqual([{ ...note('a', 'u1', 1), title: 'renamed' }]);
      expect(await other.find()).toEqual([note('b', 'u2', 4)]);
      await expect(store.commit([])).resolves.toBeUndefined();
    });

    it('applies none of a batch that fails', async () => {
      const other = store.collection<Note>(`other_${randomUUID().replaceAll('-', '')}`);
      await notes.insert(note('a', 'u1', 1));
      const failing = store.commit([write.update(notes, 'a', { title: 'changed' }), write.put(other, note('b', 'u2', 2)), write.insert(notes, note('a', 'u3', 3))]);
      await expect(failing).rejects.toBeInstanceOf(DuplicateDocumentError);
      expect(await notes.get('a')).toEqual(note('a', 'u1', 1));
      expect(await other.count()).toBe(0);
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
