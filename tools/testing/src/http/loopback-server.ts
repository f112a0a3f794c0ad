import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

export interface LoopbackServer {
  port: number;
  /** Closes the server, dropping open HTTP connections first. */
  close(): Promise<void>;
}

/** Starts a test double's server on a free port of 127.0.0.1. */
export async function listenOnLoopback(server: Server | HttpServer): Promise<LoopbackServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
