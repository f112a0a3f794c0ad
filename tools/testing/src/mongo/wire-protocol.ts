import { BSON, type Document } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;

const HEADER_SIZE = 16;
const CHECKSUM_PRESENT = 1;
const MORE_TO_COME = 2;
/** Regex operands stay BSONRegExp so options the JS engine lacks survive decoding. */
const DECODE_OPTIONS = { bsonRegExp: true } as const;

export interface WireRequest {
  requestId: number;
  opCode: number;
  command: Document;
  /** False for an OP_MSG sent with moreToCome (unacknowledged write): no reply may be sent. */
  expectsReply: boolean;
}

export class WireProtocolError extends Error {}

/** Cuts a TCP byte stream into whole messages (each starts with its int32 length). */
export class MessageFramer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxMessageSize: number) {}

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: Buffer[] = [];
    while (this.pending.length >= 4) {
      const length = this.pending.readInt32LE(0);
      if (length < HEADER_SIZE || length > this.maxMessageSize) {
        throw new WireProtocolError(`invalid message length ${length}`);
      }
      if (this.pending.length < length) break;
      messages.push(this.pending.subarray(0, length));
      this.pending = this.pending.subarray(length);
    }
    return messages;
  }
}

function readCString(message: Buffer, offset: number): { value: string; next: number } {
  const end = message.indexOf(0, offset);
  if (end < 0) throw new WireProtocolError('unterminated cstring');
  return { value: message.toString('utf8', offset, end), next: end + 1 };
}

function readDocument(message: Buffer, offset: number): { document: Document; next: number } {
  const size = message.readInt32LE(offset);
  return { document: BSON.deserialize(message.subarray(offset, offset + size), DECODE_OPTIONS), next: offset + size };
}

/** OP_MSG: a body section (kind 0) plus document sequences (kind 1) that become arrays in the body. */
function decodeOpMsg(message: Buffer): { command: Document; moreToCome: boolean } {
  const flags = message.readUInt32LE(HEADER_SIZE);
  const end = flags & CHECKSUM_PRESENT ? message.length - 4 : message.length;
  let offset = HEADER_SIZE + 4;
  let body: Document | undefined;
  const sequences: [string, Document[]][] = [];
  while (offset < end) {
    const kind = message[offset++];
    if (kind === 0) {
      ({ document: body, next: offset } = readDocument(message, offset));
    } else if (kind === 1) {
      const sectionEnd = offset + message.readInt32LE(offset);
      const identifier = readCString(message, offset + 4);
      const documents: Document[] = [];
      for (let position = identifier.next; position < sectionEnd; ) {
        const { document, next } = readDocument(message, position);
        documents.push(document);
        position = next;
      }
      sequences.push([identifier.value, documents]);
      offset = sectionEnd;
    } else {
      throw new WireProtocolError(`unsupported OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new WireProtocolError('OP_MSG without a body section');
  for (const [identifier, documents] of sequences) body[identifier] = documents;
  return { command: body, moreToCome: (flags & MORE_TO_COME) !== 0 };
}

/** OP_QUERY, which drivers still use for the first hello of a connection: only `<db>.$cmd` queries. */
function decodeOpQuery(message: Buffer): Document {
  const collection = readCString(message, HEADER_SIZE + 4);
  if (!collection.value.endsWith('.$cmd')) {
    throw new WireProtocolError(`OP_QUERY is only supported for commands, not ${collection.value}`);
  }
  const { document } = readDocument(message, collection.next + 8);
  const command = (document.$query as Document | undefined) ?? document;
  return { ...command, $db: collection.value.slice(0, -'.$cmd'.length) };
}

export function decodeRequest(message: Buffer): WireRequest {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode === OP_MSG) {
    const { command, moreToCome } = decodeOpMsg(message);
    return { requestId, opCode, command, expectsReply: !moreToCome };
  }
  if (opCode === OP_QUERY) return { requestId, opCode, command: decodeOpQuery(message), expectsReply: true };
  throw new WireProtocolError(`unsupported opCode ${opCode}`);
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(HEADER_SIZE);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

/** Answers in kind: OP_REPLY to an OP_QUERY, OP_MSG with one body section to an OP_MSG. */
export function encodeReply(request: WireRequest, reply: Document, requestId: number): Buffer {
  const body = BSON.serialize(reply);
  if (request.opCode === OP_QUERY) {
    const fields = Buffer.alloc(20);
    fields.writeInt32LE(1, 16);
    const length = HEADER_SIZE + fields.length + body.length;
    return Buffer.concat([header(length, requestId, request.requestId, OP_REPLY), fields, body]);
  }
  const flagsAndKind = Buffer.alloc(5);
  const length = HEADER_SIZE + flagsAndKind.length + body.length;
  return Buffer.concat([header(length, requestId, request.requestId, OP_MSG), flagsAndKind, body]);
}
