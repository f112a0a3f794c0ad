import type { ISocketFactory } from 'kafkajs';
import { isIP, connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface SentRequest {
  broker: string;
  apiKey: number;
  apiVersion: number;
}

export interface KafkaRequestRecorder {
  /** Give it to kafkajs (`socketFactory`): it opens the connections as kafkajs does and reads what goes out. */
  socketFactory: ISocketFactory;
  /** Every request written to any of those connections so far, in order. */
  sent(): SentRequest[];
}

/**
 * Records the API key and version of every request a kafkajs client writes, ApiVersions and requests
 * the broker refused included, by reading the size-prefixed request frames off its sockets.
 */
export function recordKafkaRequests(): KafkaRequestRecorder {
  const sent: SentRequest[] = [];
  const socketFactory: ISocketFactory = ({ host, port, ssl, onConnect }) => {
    const socket = ssl ? connectTls({ host, port, ...(isIP(host) ? {} : { servername: host }), ...ssl }, onConnect) : connectTcp({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    readFrames(socket, (frame) => sent.push({ broker: `${host}:${port}`, apiKey: frame.readInt16BE(0), apiVersion: frame.readInt16BE(2) }));
    return socket;
  };
  return { socketFactory, sent: () => [...sent] };
}

function readFrames(socket: Socket, onFrame: (frame: Buffer) => void): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let pending = Buffer.alloc(0);
  socket.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk, 'binary') : chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
      const size = pending.readInt32BE(0);
      onFrame(pending.subarray(4, 4 + size));
      pending = pending.subarray(4 + size);
    }
    return write(chunk, ...rest);
  }) as Socket['write'];
}
