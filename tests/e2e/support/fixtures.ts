/**
 * The popover fixture: the built renderer in Chromium, `window.teamtray` from preload's
 * createBridge, and behind it the real core (main's handlers, registry, vault over a real AES
 * cipher, conf files in a temp folder) calling fake FlowFuse servers over real HTTP.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { eventChannels, type EventName, type EventPayloads } from '../../../common/contract';
import type { Account, Snapshot } from '../../../common/state';
import type { AppNotification } from '../../../main/runtime/runtime-watcher';
import type { Core } from '../../../main/core-types';
import type { CallLimitRules } from '../../../main/ipc/call-limits';
import type { ActionTiming } from '../../../main/runtime/instance-actions';
import { startFakeFlowFuse, type FakeFlowFuse, type FakeServerOptions } from '../../fake-server';
import { unavailableCipher } from '../../support/aes-cipher';
import {
  startTestCore,
  type RecordingNotifier,
  type RecordingShell,
} from '../../support/test-core';
import { installBridge, type BridgeLog } from './bridge';
import { APP_URL, serveRenderer } from './serve-renderer';

export interface Popover {
  readonly page: Page;
  readonly core: Core;
  readonly shell: RecordingShell;
  /** Every notification the core asked the desktop to show, oldest first. */
  readonly notifier: RecordingNotifier;
  readonly bridge: BridgeLog;
  /** What main asked the desktop to notify, oldest first (the test core's recorder). */
  readonly notifications: readonly AppNotification[];
  /** Sends a push as main's Electron layer would (e.g. `focus` when a notification is clicked). */
  push<E extends EventName>(event: E, payload: EventPayloads[E]): Promise<void>;
  /** Every alert/confirm/prompt the page tried to open. */
  readonly dialogs: string[];
  /** Uncaught errors and console errors in the page (CSP violations show up here). */
  readonly pageErrors: string[];
  /** A fake FlowFuse server on 127.0.0.1, closed after the test. */
  server(options?: FakeServerOptions): Promise<FakeFlowFuse>;
  /**
   * Saves an account through main's handler, as if added on an earlier day, and waits for its
   * first team list to settle (unless `settle` is false, for a server that will not answer).
   */
  addAccount(
    url: string,
    token: string,
    label?: string,
    options?: { readonly settle?: boolean },
  ): Promise<Account>;
  /** The accounts main holds now (its model's). */
  accounts(): Promise<readonly Account[]>;
  /** Loads the popover and waits until main's state is in (the view no longer busy). */
  open(): Promise<void>;
  /**
   * Quits and starts main again over the same files (settings, caches, tokens), then loads the
   * popover again: `core` is the new one from then on.
   */
  restart(): Promise<void>;
}

/** Console noise that is not a fault of ours. */
const IGNORED_CONSOLE = [
  // The CSP sits in a <meta> too, where frame-ancestors does not apply; the header carries it.
  "directive 'frame-ancestors' is ignored",
  // Avatars point at gravatar; the harness answers every foreign host with 404.
  'Failed to load resource',
];

export interface HttpLimits {
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
}

export const test = base.extend<{
  popover: Popover;
  http: HttpLimits;
  /**
   * How main follows an instance action until it settles. Null: the test core's quick timing
   * (a fake settles at once); the live suite sets the app's own, as a real server is slower.
   */
  actionTiming: ActionTiming | null;
  /** Set to a reason to run without a keychain: tokens for this session only, and a banner. */
  sessionOnlyVault: string | null;
  /** Main's call limits: null for the test core's wide ones, CALL_LIMITS to meet the app's own. */
  limits: CallLimitRules | null;
}>({
  // Short by default so a hung fake server fails fast; the live suite allows a real network.
  http: [{ timeoutMs: 2_000, totalTimeoutMs: 4_000 }, { option: true }],
  sessionOnlyVault: [null, { option: true }],
  actionTiming: [null, { option: true }],
  limits: [null, { option: true }],
  popover: async ({ page, http, sessionOnlyVault, actionTiming, limits }, use) => {
    const testCore = await startTestCore({
      http,
      ...(actionTiming === null ? {} : { actionTiming }),
      ...(limits === null ? {} : { limits }),
      ...(sessionOnlyVault === null ? {} : { cipher: unavailableCipher(sessionOnlyVault) }),
    });
    const servers: FakeFlowFuse[] = [];
    const dialogs: string[] = [];
    const pageErrors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!IGNORED_CONSOLE.some((ignored) => text.includes(ignored))) pageErrors.push(text);
    });
    await serveRenderer(page);
    const bridge = await installBridge(page, testCore.core);
    let core = testCore.core;
    const popover: Popover = {
      page,
      get core() {
        return core;
      },
      shell: testCore.shell,
      notifier: testCore.notifier,
      bridge,
      notifications: testCore.notifier.shown,
      async push(event, payload) {
        await page.evaluate(
          ([channel, body]) => {
            (
              window as unknown as { __teamtrayPush?: (c: string, p: unknown) => void }
            ).__teamtrayPush?.(channel, JSON.parse(body) as unknown);
          },
          [eventChannels[event], JSON.stringify(payload)] as const,
        );
      },
      dialogs,
      pageErrors,
      async server(options) {
        const server = await startFakeFlowFuse(options);
        servers.push(server);
        return server;
      },
      async addAccount(url, token, label, options) {
        const result = await core.dispatch('addAccount', {
          url,
          token,
          ...(label === undefined ? {} : { label }),
        });
        if (!result.ok) throw new Error(`addAccount failed: ${result.error.message}`);
        const { id } = result.value as { readonly id: string };
        const saved = async (): Promise<Account> => {
          const found = (await popover.accounts()).find((account) => account.id === id);
          if (found === undefined) throw new Error(`addAccount: main does not hold ${id}`);
          return found;
        };
        if (options?.settle === false) return saved();
        await expect
          .poll(async () => (await saved()).status, { timeout: 10_000 })
          .not.toBe('loading');
        return saved();
      },
      async accounts() {
        const result = await core.dispatch('getState', undefined);
        if (!result.ok) throw new Error(`getState failed: ${result.error.message}`);
        return (result.value as Snapshot).state.accounts;
      },
      async open() {
        await page.goto(APP_URL);
        await expect(page.locator('tt-app')).toBeAttached();
        await expect.poll(() => bridge.calls.some((call) => call.method === 'getState')).toBe(true);
        // Until the state is in, the view may still change (no account: the first-run view
        // replaces the list and its menu), so a click then can land on what is about to go.
        await expect(page.locator('main[aria-busy="false"]')).toBeAttached();
      },
      async restart() {
        core = await testCore.restart();
        bridge.reconnect(core);
        await popover.open();
      },
    };
    await use(popover);
    await page.close();
    for (const server of servers) await server.close();
    await testCore.close();
  },
});

export { expect };
