import { createServer, type Socket } from 'node:net';
import { MAX_MESSAGE_SIZE, MemoryMongoServer } from './memory-server.js';
import { decodeRequest, encodeReply, MessageFramer } from './wire-protocol.js';
import { listenOnLoopback } from '../http/loopback-server.js';

export interface MongoWireDouble {
  /** A `mongodb://` URL for the driver (a standalone server, no auth, no TLS). */
  url: string;
  /** How often each command name arrived, to see what the driver really sends. */
  commandCounts(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * An in-memory MongoDB that speaks the wire protocol (OP_MSG, and OP_QUERY for the driver's
 * first handshake) on 127.0.0.1, implementing only what the Cairn adapters need.
 */
export async function startMongoWireDouble(): Promise<MongoWireDouble> {
  const memory = new MemoryMongoServer();
  const sockets = new Set<Socket>();
  const counts: Record<string, number> = {};
  let nextConnectionId = 1;
  let nextRequestId = 1;

  const server = createServer((socket) => {
    const connectionId = nextConnectionId++;
    const framer = new MessageFramer(MAX_MESSAGE_SIZE);
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      try {
        for (const message of framer.push(chunk)) {
          const request = decodeRequest(message);
          const name = Object.keys(request.command)[0] ?? '';
          counts[name] = (counts[name] ?? 0) + 1;
          const reply = memory.run(request.command, connectionId);
          if (request.expectsReply) socket.write(encodeReply(request, reply, nextRequestId++));
        }
      } catch {
        socket.destroy();
      }
    });
  });

  const { port, close } = await listenOnLoopback(server);

  return {
    url: `mongodb://127.0.0.1:${port}`,
    commandCounts: () => ({ ...counts }),
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return close();
    },
  };
}
