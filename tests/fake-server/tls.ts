/**
 * An https server with a certificate made at test time, to see how the client meets a TLS
 * failure. Uses the openssl CLI: Node can make keys but not X.509 certificates.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCert {
  readonly key: string;
  readonly cert: string;
}

export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function createSelfSignedCert(commonName = 'localhost'): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), 'teamtray-cert-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=DNS:${commonName},IP:127.0.0.1`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SelfSignedServer {
  readonly origin: string;
  /** How many requests got through the TLS handshake (should stay 0). */
  readonly handled: () => number;
  close(): Promise<void>;
}

export async function startSelfSignedHttpsServer(cert: SelfSignedCert): Promise<SelfSignedServer> {
  let handled = 0;
  const server = createServer({ key: cert.key, cert: cert.cert }, (_req, res) => {
    handled += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    handled: () => handled,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
