/** Ports that do not hold a FlowFuse server: one nothing listens on, one that is not HTTP. */
import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A port that was free a moment ago: connecting to it is refused. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RawServer {
  readonly host: string;
  close(): Promise<void>;
}

/** A service that greets in something other than HTTP, as SSH does: a wrong port. */
export async function startNotHttpServer(): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.end('SSH-2.0-OpenSSH_9.2\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
