/**
 * A saved https account that can go bad after it was added: a TLS front (a real TLS server that
 * pipes bytes to a fake FlowFuse) under a host name only this fetch resolves, with a certificate
 * only this fetch trusts, as the OS store trusts a real server's in the app.
 *
 * - breakTls(): the front starts presenting a different, self-signed certificate (a server
 *   reinstalled with a self-signed one, or someone in the middle).
 * - breakDns(): the host name stops resolving (off the VPN that served it).
 *
 * Each break also starts a new connection pool, so the next request makes a new connection, as
 * after a sleep or a network change, and cannot ride on a connection made before.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';
import { Agent } from 'undici';
import type { SelfSignedCert } from '../fake-server/tls';

export const SWITCHABLE_HOSTNAME = 'ff-hardening.test';

export interface SwitchableHost {
  /** `https://ff-hardening.test:<port>`. */
  readonly origin: string;
  /** Node's fetch through a pool that resolves the name and trusts the first certificate. */
  readonly fetch: typeof globalThis.fetch;
  breakTls(): void;
  breakDns(): void;
  close(): Promise<void>;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** `trusted` is presented first and trusted by the fetch; `untrusted` replaces it on breakTls(). */
export async function startSwitchableHost(
  upstreamPort: number,
  trusted: SelfSignedCert,
  untrusted: SelfSignedCert,
): Promise<SwitchableHost> {
  const sockets = new Set<Socket | TLSSocket>();
  const front = createServer({ key: trusted.key, cert: trusted.cert }, (tlsSocket) => {
    const upstream = connect(upstreamPort, '127.0.0.1');
    sockets.add(tlsSocket);
    sockets.add(upstream);
    const drop = (): void => {
      tlsSocket.destroy();
      upstream.destroy();
      sockets.delete(tlsSocket);
      sockets.delete(upstream);
    };
    for (const socket of [tlsSocket, upstream]) {
      socket.on('error', drop);
      socket.on('close', drop);
    }
    tlsSocket.pipe(upstream).pipe(tlsSocket);
  });
  // A refused handshake is the point of breakTls(); it must not surface as an error event.
  front.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;

  let dnsWorks = true;
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (!dnsWorks || hostname !== SWITCHABLE_HOSTNAME) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, []);
      return;
    }
    if (options.all === true) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  };
  const newAgent = (): Agent => new Agent({ connect: { ca: trusted.cert, lookup } });
  let agent = newAgent();
  const renewPool = (): void => {
    const old = agent;
    agent = newAgent();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    void old.destroy().catch(() => undefined);
  };

  const fetchThrough: typeof globalThis.fetch = (input, init) =>
    globalThis.fetch(input, { ...init, dispatcher: agent } as RequestInit);

  return {
    origin: `https://${SWITCHABLE_HOSTNAME}:${port}`,
    fetch: fetchThrough,
    breakTls() {
      front.setSecureContext({ key: untrusted.key, cert: untrusted.cert });
      renewPool();
    },
    breakDns() {
      dnsWorks = false;
      renewPool();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await agent.destroy().catch(() => undefined);
      await new Promise<void>((resolve) => {
        front.close(() => {
          resolve();
        });
      });
    },
  };
}
