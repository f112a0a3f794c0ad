import { connect } from 'node:net';
import type { ApiVersionRange } from './kafka-protocol-versions.js';

const CLIENT_ID = 'cairn-wire';

/**
 * Sends one request, in a non-flexible version (request header v1), on a connection of its own.
 * Resolves with the response body, or with null when the broker closes the connection instead of
 * answering (how a broker refuses a version it does not accept).
 */
export function sendRawRequest(address: string, apiKey: number, apiVersion: number, body: Buffer, timeoutMs = 5_000): Promise<Buffer | null> {
  const [host, port] = splitAddress(address);
  const clientId = Buffer.from(CLIENT_ID);
  const header = Buffer.alloc(10);
  header.writeInt16BE(apiKey, 0);
  header.writeInt16BE(apiVersion, 2);
  header.writeInt32BE(1, 4);
  header.writeInt16BE(clientId.length, 8);
  const request = Buffer.concat([header, clientId, body]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(request.length);

  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    const finish = (outcome: Buffer | null | Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish(new Error(`no answer from ${address} within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => socket.write(Buffer.concat([size, request])));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 4 && received.length >= 4 + received.readInt32BE(0)) finish(received.subarray(8, 4 + received.readInt32BE(0)));
    });
    socket.on('close', () => finish(null));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNRESET' ? null : error));
  });
}

/** The version range of every API the broker lists in its ApiVersions (v0) answer. */
export async function readApiVersions(address: string): Promise<ApiVersionRange[]> {
  const body = await sendRawRequest(address, 18, 0, Buffer.alloc(0));
  if (!body) throw new Error(`${address} closed the connection instead of answering ApiVersions`);
  const errorCode = body.readInt16BE(0);
  if (errorCode !== 0) throw new Error(`${address} answered ApiVersions with error code ${errorCode}`);
  return Array.from({ length: body.readInt32BE(2) }, (_, i) => ({
    apiKey: body.readInt16BE(6 + i * 6),
    min: body.readInt16BE(8 + i * 6),
    max: body.readInt16BE(10 + i * 6),
  }));
}

function splitAddress(address: string): [string, number] {
  const colon = address.lastIndexOf(':');
  return [address.slice(0, colon), Number(address.slice(colon + 1))];
}
