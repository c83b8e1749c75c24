/**
 * Token secrecy over a whole session through dispatch: add (a wrong token, then the right one),
 * list, rename, the error paths (403, 500, redirects to a second origin, a revoked token, http
 * without consent, a move to another host), a token of another shape, and remove.
 *
 * Then every token, as is and in base64 / base64url at any alignment, is searched for in every
 * IPC response, every pushed event, every log line (both what the app's logger writes and the raw
 * messages and fields handed to it, errors and their causes included, before redaction), the log
 * file on disk (electron-log's real file transport, as the app writes it), and the bytes of the
 * settings file and the teams cache on disk. There must be zero hits.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method } from '../../common/contract';
import type { Result } from '../../common/errors';
import type { SavedAccountRef } from '../../common/contract';
import type { Team } from '../../common/state';
import { createLogger } from '../../main/log';
import { createMemoryLogger } from '../support/memory-logger';
import { createFileLog } from '../../main/log-file';
import { seedUser, startFakeFlowFuse, type FakeFlowFuse, type SeededUser } from '../fake-server';
import { startTestCore, type TestCore } from '../support/test-core';
import {
  appState,
  countTokenHits,
  readSaved,
  settingsPath,
  teamsCachePath,
  tokenForms,
  waitForAccount,
} from './harness';
import { rawLogger, teeLogger } from './raw-logger';

/** A token that is not FlowFuse's shape: the logger's redaction does not know it. */
const LEGACY_TOKEN = 'legacy0123456789abcdef0123456789abcdef0123';
const STRANGER_TOKEN = `ffpat_${'Zq9'.repeat(14)}x`;
const HTTP_HOST = 'ff.example.test';

interface SeenRequest {
  readonly url: string;
  readonly authorization: string | null;
}

let a: FakeFlowFuse;
let b: FakeFlowFuse;
let alice: SeededUser;
let tc: TestCore;
const responses: string[] = [];
const events: string[] = [];
const rawLines: string[] = [];
const appLog = createMemoryLogger();
/** The app's log file, through the same adapter main/index.ts uses. */
const logDir = mkdtempSync(join(tmpdir(), 'teamtray-secrecy-log-'));
const fileLog = createFileLog({
  directory: () => logDir,
  level: 'debug',
  console: false,
  logger: electronLog.create({ logId: 'token-secrecy' }),
});
const diskLog = createLogger(fileLog.sink);
/** The settings file and the cache as they were at points of the session (tokens saved). */
const fileSnapshots: string[] = [];
/** Every request the core's fetch was asked to make, with its Authorization header. */
const fetched: SeenRequest[] = [];

/** The core's fetch: records, forwards loopback, and fails any other host as unknown. */
const spyFetch: typeof globalThis.fetch = (input, init) => {
  // Read without constructing a Request, which would take the body of a PUT.
  const url = input instanceof Request ? input.url : String(input);
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => {
    headers.set(name, value);
  });
  fetched.push({ url, authorization: headers.get('authorization') });
  const { hostname } = new URL(url);
  if (hostname === '127.0.0.1' || hostname === 'localhost') return globalThis.fetch(input, init);
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
  });
  return Promise.reject(new TypeError('fetch failed', { cause }));
};

async function send<T>(method: Method, payload?: unknown): Promise<Result<T>> {
  const result = (await tc.core.dispatch(method, payload)) as Result<T>;
  responses.push(JSON.stringify(result));
  return result;
}

/** Reads both files once the cache has written what it gathered. */
async function snapshotFiles(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 400));
  fileSnapshots.push(readFileSync(settingsPath(tc.dir), 'utf8'));
  fileSnapshots.push(readFileSync(teamsCachePath(tc.dir), 'utf8'));
}

function codeOf(result: Result<unknown>): string {
  return result.ok ? 'ok' : result.error.code;
}

beforeAll(async () => {
  a = await startFakeFlowFuse();
  b = await startFakeFlowFuse();
  alice = seedUser(a, {
    username: 'alice',
    teams: [
      { name: 'Owned', role: 50 },
      { name: 'Joined', role: 30 },
    ],
  });
  // A token of another shape the server accepts, as an older or other server might issue.
  a.state.tokens.set(LEGACY_TOKEN, {
    userId: alice.user.id,
    expiresAt: null,
    readOnly: false,
    teamIds: null,
  });
  const log = teeLogger(rawLogger(rawLines), appLog, diskLog);
  tc = await startTestCore({
    fetch: spyFetch,
    log,
    http: { timeoutMs: 1_000, totalTimeoutMs: 4_000 },
  });
  tc.core.onEvent((_event, payload) => events.push(JSON.stringify(payload)));
});

afterAll(async () => {
  rmSync(logDir, { recursive: true, force: true });
  await tc.close();
  await a.close();
  await b.close();
});

describe('token secrecy over a whole session', () => {
  let id = '';
  let owned: Team | undefined;

  it('adds: a wrong token is refused, the right one is saved', async () => {
    const wrong = await send('addAccount', { url: a.url, token: STRANGER_TOKEN });
    expect(codeOf(wrong)).toBe('unauthorized');
    const added = await send<SavedAccountRef>('addAccount', { url: a.url, token: alice.token });
    if (!added.ok) throw new Error(added.error.message);
    id = added.value.id;
    const view = await waitForAccount(tc.core, id, (account) => account.status === 'ok');
    owned = view.teams.find((team) => team.name === 'Owned');
    responses.push(JSON.stringify(await appState(tc.core)));
    expect(readSaved(tc.dir).secrets).not.toEqual({});
    await snapshotFiles();
  });

  it('renames, and meets a 403 and a 500', async () => {
    const teamId = owned?.id ?? '';
    expect(codeOf(await send('renameTeam', { accountId: id, teamId, name: 'Platform' }))).toBe(
      'ok',
    );
    a.setFault(
      { kind: 'json', status: 403, body: { code: 'unauthorized', error: 'unauthorized' } },
      { method: 'PUT' },
    );
    expect(codeOf(await send('renameTeam', { accountId: id, teamId, name: 'Nope' }))).toBe(
      'forbidden',
    );
    a.setFault({ kind: 'status', status: 500 }, { path: '/api/v1/user/teams' });
    await send('refresh', { accountId: id });
    const failed = await waitForAccount(tc.core, id, (view) => view.status !== 'loading');
    expect(failed.error?.code).toBe('server_error');
    a.setFault(null);
  });

  it('never follows a redirect to a second origin: it sees no request and no token', async () => {
    const teamId = owned?.id ?? '';
    a.setFault(
      { kind: 'redirect', location: `${b.origin}/api/v1/user/teams` },
      { path: '/api/v1/user/teams' },
    );
    await send('refresh', { accountId: id });
    const refused = await waitForAccount(tc.core, id, (view) => view.status !== 'loading');
    expect(refused.error?.code).toBe('redirect_refused');
    a.setFault(
      { kind: 'redirect', location: `${b.origin}/api/v1/teams/${teamId}`, status: 307 },
      { method: 'PUT' },
    );
    expect(codeOf(await send('renameTeam', { accountId: id, teamId, name: 'Moved' }))).toBe(
      'redirect_refused',
    );
    a.setFault({ kind: 'redirect', location: `${b.origin}/api/json` }, { path: '/api/json' });
    expect(codeOf(await send('addAccount', { url: a.url, token: LEGACY_TOKEN }))).toBe(
      'redirect_refused',
    );
    a.setFault(null);
    // Moving the saved account to another host without pasting the token again.
    const moved = await send('updateAccount', { id, url: `http://localhost:${b.port}` });
    expect(codeOf(moved)).toBe('invalid_token');

    expect(b.requests.filter((request) => request.authorization !== null)).toEqual([]);
    expect(b.requests).toHaveLength(0);
    expect(fetched.filter((request) => new URL(request.url).port === String(b.port))).toEqual([]);
  });

  it('refuses http to a non-loopback host without consent, before any request', async () => {
    const before = fetched.length;
    const url = `http://${HTTP_HOST}:${a.port}`;
    expect(codeOf(await send('addAccount', { url, token: alice.token }))).toBe('insecure_http');
    expect(codeOf(await send('updateAccount', { id, url, token: alice.token }))).toBe(
      'insecure_http',
    );
    expect(codeOf(await send('openTokenPage', { url }))).toBe('insecure_http');
    expect(fetched.slice(before)).toEqual([]);
    // With consent the request is made (the spy would have seen one above): the probe, no token.
    expect(codeOf(await send('addAccount', { url, token: alice.token, allowHttp: true }))).toBe(
      'unknown_host',
    );
    expect(fetched.slice(before)).toEqual([{ url: `${url}/api/json`, authorization: null }]);
  });

  it('takes a token of another shape, then finds it revoked, then takes the first back', async () => {
    expect(codeOf(await send('updateAccount', { id, token: LEGACY_TOKEN }))).toBe('ok');
    await send('refresh', { accountId: id });
    await waitForAccount(tc.core, id, (view) => view.status === 'ok');
    await snapshotFiles();
    a.revokeToken(LEGACY_TOKEN);
    await send('refresh', { accountId: id });
    const refused = await waitForAccount(tc.core, id, (view) => view.status === 'unauthorized');
    expect(refused.error?.code).toBe('unauthorized');
    expect(codeOf(await send('updateAccount', { id, token: alice.token }))).toBe('ok');
    await waitForAccount(tc.core, id, (view) => view.status === 'ok');
    responses.push(JSON.stringify(await appState(tc.core)));
    await snapshotFiles();
  });

  it('sent each token only to its own origin', () => {
    const withToken = fetched.filter((request) => request.authorization !== null);
    expect(withToken.length).toBeGreaterThan(5);
    for (const request of withToken) expect(new URL(request.url).origin).toBe(a.origin);
  });

  // Windows has no POSIX modes (the profile's ACLs apply): reported as skipped there.
  it.skipIf(process.platform === 'win32')(
    'keeps the settings file and the cache at mode 0600',
    () => {
      expect(statSync(settingsPath(tc.dir)).mode & 0o777).toBe(0o600);
      expect(statSync(teamsCachePath(tc.dir)).mode & 0o777).toBe(0o600);
    },
  );

  it('removes the account and its token', async () => {
    expect(codeOf(await send('removeAccount', { id }))).toBe('ok');
    expect(readSaved(tc.dir)).toEqual({ accounts: [], secrets: {} });
  });

  it('finds no token anywhere: responses, events, log lines, the settings file and the cache', () => {
    // The cache gathers writes for a moment; disposing the core writes what it still holds.
    tc.core.dispose();
    const tokens = [alice.token, LEGACY_TOKEN, STRANGER_TOKEN];
    const settings = readFileSync(settingsPath(tc.dir), 'utf8');
    const cache = readFileSync(teamsCachePath(tc.dir), 'utf8');
    // A token that slipped into an error message reaches the file only redacted.
    diskLog.error('flowfuse: the server echoed the request', {
      error: new Error(`unauthorized: Bearer ${alice.token}`),
    });
    const oldLog = join(logDir, 'main.old.log');
    const logFile = `${existsSync(oldLog) ? readFileSync(oldLog, 'utf8') : ''}${readFileSync(fileLog.path(), 'utf8')}`;
    expect(logFile).toContain('Bearer ***');
    const places: Record<string, string> = {
      'IPC responses': responses.join('\n'),
      'pushed events': events.join('\n'),
      'log lines (as written)': appLog.lines.join('\n'),
      'log calls (raw, before redaction)': rawLines.join('\n'),
      'log file on disk (electron-log)': logFile,
      'settings file and cache (at the end)': `${settings}\n${cache}`,
      'settings file and cache (while tokens were saved)': fileSnapshots.join('\n'),
    };
    // The search finds a token when it is there, in any of its forms.
    const blob = Buffer.concat([Buffer.from('xy'), Buffer.from(alice.token), Buffer.from('z')]);
    expect(countTokenHits(blob.toString('base64'), [alice.token])).toBe(1);
    expect(countTokenHits(`"${LEGACY_TOKEN}"`, [LEGACY_TOKEN])).toBe(1);
    // As is, and base64 at three alignments (base64url is the same text when no + or / occurs).
    expect(tokenForms(alice.token).length).toBeGreaterThanOrEqual(4);

    const hits: Record<string, number> = {};
    for (const [place, text] of Object.entries(places)) {
      expect(text.length, `${place} is empty: the search would prove nothing`).toBeGreaterThan(0);
      hits[place] = countTokenHits(text, tokens);
    }
    const total = Object.values(hits).reduce((sum, count) => sum + count, 0);
    console.log(
      `token secrecy: ${tokens.length} tokens × ${tokenForms(alice.token).length} forms searched in ${responses.length} IPC responses, ${events.length} events, ${appLog.lines.length} log lines (and as many raw log calls), the settings file and the teams cache (${fileSnapshots.length / 2 + 1} snapshots each, ${fileSnapshots.join('').length + settings.length + cache.length} bytes): ${total} hits. The second origin received ${b.requests.length} requests.`,
    );
    expect(hits).toEqual(Object.fromEntries(Object.keys(places).map((place) => [place, 0])));
  });
});
