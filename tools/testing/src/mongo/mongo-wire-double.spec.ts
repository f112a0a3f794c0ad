import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BSON } from 'bson';
import { Binary, Long, MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMongoWireDouble, type MongoWireDouble } from './index.js';

describe('MongoDB wire-level test double', () => {
  let double: MongoWireDouble;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    double = await startMongoWireDouble();
    client = await MongoClient.connect(double.url, { heartbeatFrequencyMS: 500 });
    db = client.db('double_spec');
  });
  afterAll(async () => {
    await client?.close();
    await double?.stop();
  });

  const int32 = (value: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    return buffer;
  };

  it('answers a raw OP_QUERY command with an OP_REPLY, even when the request arrives in pieces', async () => {
    const query = BSON.serialize({ ismaster: 1 });
    const body = Buffer.concat([int32(0), Buffer.from('admin.$cmd\0'), int32(0), int32(-1), query]);
    const message = Buffer.concat([int32(16 + body.length), int32(7), int32(0), int32(2004), body]);
    const { hostname, port } = new URL(double.url);
    const socket = connect(Number(port), hostname);
    try {
      await once(socket, 'connect');
      socket.write(message.subarray(0, 10));
      await sleep(20);
      socket.write(message.subarray(10));
      const [reply] = (await once(socket, 'data')) as [Buffer];
      expect([reply.readInt32LE(8), reply.readInt32LE(12), reply.readInt32LE(32)]).toEqual([7, 1, 1]);
      expect(BSON.deserialize(reply.subarray(36))).toMatchObject({ ismaster: true, maxWireVersion: 25, ok: 1 });
    } finally {
      socket.destroy();
    }
  });

  it("takes the driver's legacy ismaster handshake, then its hello heartbeats", async () => {
    await once(client, 'serverHeartbeatSucceeded');
    expect(double.commandCounts()).toEqual(
      expect.objectContaining({ ismaster: expect.any(Number), hello: expect.any(Number) }),
    );
    expect(await db.command({ buildInfo: 1 })).toEqual(expect.objectContaining({ version: '8.0.0', ok: 1 }));
  });

  it('reports duplicate keys with the shape mongod uses', async () => {
    const items = db.collection<{ _id: string; email?: string }>('items');
    await items.insertOne({ _id: 'a', email: 'x@example.org' });
    await expect(items.insertOne({ _id: 'a' })).rejects.toMatchObject({
      code: 11000,
      errmsg: 'E11000 duplicate key error collection: double_spec.items index: _id_ dup key: { _id: "a" }',
      keyPattern: { _id: 1 },
      keyValue: { _id: 'a' },
    });

    await items.createIndex({ email: 1 }, { unique: true });
    await expect(items.insertOne({ _id: 'b', email: 'x@example.org' })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'x@example.org' },
    });
    await expect(
      items.findOneAndUpdate({ _id: 'c' }, { $set: { email: 'x@example.org' } }, { upsert: true }),
    ).rejects.toMatchObject({ code: 11000, codeName: 'DuplicateKey' });

    const unordered = items.insertMany(
      [{ _id: 'd', email: 'd@example.org' }, { _id: 'a' }, { _id: 'e', email: 'e@example.org' }],
      { ordered: false },
    );
    await expect(unordered).rejects.toMatchObject({ code: 11000 });
    expect((await items.find({}, { sort: { _id: 1 } }).toArray()).map((doc) => doc._id)).toEqual(['a', 'd', 'e']);
  });

  it('sorts by BSON type order, strings by UTF-8 bytes, arrays by their extreme element', async () => {
    const values = db.collection<{ _id: number; v?: unknown }>('sorting');
    await values.insertMany([
      { _id: 1, v: 'b' },
      { _id: 2, v: 10 },
      { _id: 3 },
      { _id: 4, v: null },
      { _id: 5, v: true },
      { _id: 6, v: new Date(0) },
      { _id: 7, v: { x: 1 } },
      { _id: 8, v: new ObjectId('000000000000000000000001') },
      { _id: 9, v: 'a' },
      { _id: 10, v: 2.5 },
      { _id: 11, v: [30, 0.5] },
      { _id: 12, v: false },
      { _id: 13, v: new Binary(Buffer.from('bytes')) },
    ]);
    const order = async (direction: 1 | -1) =>
      (await values.find({}, { sort: [['v', direction], ['_id', 1]] }).toArray()).map((doc) => doc._id);
    expect(await order(1)).toEqual([3, 4, 11, 10, 2, 9, 1, 7, 13, 8, 12, 5, 6]);
    expect(await order(-1)).toEqual([6, 5, 12, 8, 13, 7, 1, 9, 11, 2, 10, 3, 4]);

    const text = db.collection<{ _id: string }>('utf8');
    await text.insertMany([{ _id: '😀' }, { _id: '\uFFFD' }, { _id: 'z' }]);
    const sortedText = await text.find({}, { sort: { _id: 1 } }).toArray();
    expect(sortedText.map((doc) => doc._id)).toEqual(['z', '\uFFFD', '😀']);
  });

  it('matches null-or-missing, $in, ranges, $regex and $ne', async () => {
    const docs = db.collection<{ _id: string; n?: number | null; s?: string }>('matching');
    await docs.insertMany([
      { _id: 'a', n: 1, s: 'users/1/a' },
      { _id: 'b', n: null, s: 'users/10/b' },
      { _id: 'c', s: 'users/1/c' },
      { _id: 'd', n: 5 },
    ]);
    const ids = async (filter: object) => (await docs.find(filter).toArray()).map((doc) => doc._id).sort();
    expect(await ids({ n: null })).toEqual(['b', 'c']);
    expect(await ids({ n: { $in: [1, 5] } })).toEqual(['a', 'd']);
    expect(await ids({ n: { $gte: 1, $lt: 5 } })).toEqual(['a']);
    expect(await ids({ s: { $regex: '^users/1/' } })).toEqual(['a', 'c']);
    expect(await ids({ s: /^USERS\/1\//i })).toEqual(['a', 'c']);
    expect(await ids({ _id: { $ne: 'a' }, n: { $exists: true } })).toEqual(['b', 'd']);
    const unknownOperator: Document = { n: { $frobnicate: 1 } };
    await expect(docs.find(unknownOperator).toArray()).rejects.toMatchObject({ code: 2, codeName: 'BadValue' });
  });

  it('applies replacements, $set, $unset and upserts', async () => {
    const docs = db.collection<{ _id: string; owner?: string; title?: string; rank?: number }>('updating');
    await docs.updateOne({ _id: 'a', owner: 'u1' }, { $set: { rank: 1 } }, { upsert: true });
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', owner: 'u1', rank: 1 });
    await docs.updateOne({ _id: 'a' }, { $set: { title: 't' }, $unset: { owner: '' } });
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', rank: 1, title: 't' });
    const replaced = await docs.replaceOne({ _id: 'a' }, { owner: 'u2' });
    expect(replaced).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', owner: 'u2' });
    const changingId: Document = { _id: 'b', owner: 'u2' };
    const untyped = db.collection<{ _id: string }>('updating');
    await expect(untyped.replaceOne({ _id: 'a' }, changingId)).rejects.toMatchObject({ code: 66 });
    await expect(docs.updateOne({ _id: 'a' }, { $set: {} })).rejects.toMatchObject({ code: 9 });
  });

  it('serves large results in batches through getMore and forgets killed cursors', async () => {
    const many = db.collection<{ _id: number }>('batching');
    await many.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i })));
    const getMoresBefore = double.commandCounts().getMore ?? 0;
    const all = await many.find({}, { sort: { _id: 1 }, batchSize: 100 }).toArray();
    expect(all.map((doc) => doc._id)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(double.commandCounts().getMore).toBe(getMoresBefore + 2);

    const cursor = many.find({}, { batchSize: 10 });
    await cursor.next();
    const cursorId = cursor.id!;
    await cursor.close();
    expect(double.commandCounts().killCursors).toBeGreaterThanOrEqual(1);
    await expect(db.command({ getMore: Long.fromValue(cursorId), collection: 'batching' })).rejects.toMatchObject({
      code: 43,
      codeName: 'CursorNotFound',
    });
  });

  it('skips as mongod does: after the sort, before the limit, across getMore batches; a negative skip is error 51024', async () => {
    const ranked = db.collection<{ _id: number; rank: number }>('skipping');
    await ranked.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, rank: i % 5 })));
    const sorted = Array.from({ length: 250 }, (_, i) => i).sort((a, b) => (b % 5) - (a % 5) || a - b);
    const getMoresBefore = double.commandCounts().getMore ?? 0;
    const page = await ranked.find({}, { sort: [['rank', -1], ['_id', 1]], skip: 40, limit: 150, batchSize: 60 }).toArray();
    expect(page.map((doc) => doc._id)).toEqual(sorted.slice(40, 190));
    expect(double.commandCounts().getMore).toBe(getMoresBefore + 2);
    expect((await ranked.find({}, { sort: { _id: 1 }, skip: 0 }).toArray()).map((doc) => doc._id)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(await ranked.find({}, { skip: 250 }).toArray()).toEqual([]);
    expect(await ranked.find({}, { skip: 1_000, limit: 5 }).toArray()).toEqual([]);
    expect(await ranked.countDocuments({ rank: 0 }, { skip: 20 })).toBe(30);
    await expect(ranked.find({}, { skip: -1 }).toArray()).rejects.toMatchObject({
      code: 51024,
      codeName: 'Location51024',
      message: "BSON field 'skip' value must be >= 0, actual value '-1'",
    });
    await expect(db.command({ find: 'skipping', skip: 'ten' })).rejects.toMatchObject({ code: 14, codeName: 'TypeMismatch' });
  });

  it('answers unknown commands and missing namespaces with mongod error codes', async () => {
    await expect(db.command({ frobnicate: 1 })).rejects.toMatchObject({ code: 59, codeName: 'CommandNotFound' });
    await expect(db.collection('never_created').listIndexes().toArray()).rejects.toMatchObject({
      code: 26,
      codeName: 'NamespaceNotFound',
    });
    expect(await db.collection('never_created').drop()).toBe(true);
  });
});
