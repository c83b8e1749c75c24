import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import {
  channels,
  eventChannels,
  methods,
  type EventName,
  type EventPayloads,
  type Method,
  type Request,
} from '../../../common/contract';
import type { Result } from '../../../common/errors';
import type { Core } from '../../core-types';
import { createDispatcher, type Handlers } from '../dispatch';
import { createMemoryLogger } from '../../../tests/support/memory-logger';
import { isTrustedSender, MALFORMED, REFUSED_SENDER, registerIpcHandlers } from './ipc-main';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** One valid request per method: a contract change that breaks one fails to compile here. */
const VALID: { readonly [M in Method]: Request<M> } = {
  getState: undefined,
  addAccount: { url: 'https://app.flowfuse.com', token: 'ffpat_secret' },
  updateAccount: { id: 'i1', label: 'Work' },
  cancelAccountCheck: undefined,
  removeAccount: { id: 'i1' },
  reorderAccounts: { ids: ['i1', 'i2'] },
  refresh: undefined,
  renameTeam: { accountId: 'i1', teamId: 't1', name: 'New name' },
  openTeam: { accountId: 'i1', teamId: 't1', page: 'settings' },
  copyTeamUrl: { accountId: 'i1', teamId: 't1' },
  openTokenPage: { accountId: 'i1' },
  updateSettings: { refreshIntervalMinutes: 5 },
  dismissNotice: { id: 'n1' },
  hideWindow: undefined,
  showLogFile: undefined,
  instanceAction: { accountId: 'i1', teamId: 't1', instanceId: 'p1', action: 'stop' },
  bulkInstanceAction: {
    action: 'restart',
    items: [{ accountId: 'i1', teamId: 't1', instanceId: 'p1' }],
  },
  openInstance: { accountId: 'i1', teamId: 't1', instanceId: 'p1', page: 'editor' },
  openDevice: { accountId: 'i1', teamId: 't1', deviceId: 'd1' },
  restartDevice: { accountId: 'i1', teamId: 't1', deviceId: 'd1' },
  setDeviceMode: { accountId: 'i1', teamId: 't1', deviceId: 'd1', mode: 'developer' },
  chooseToken: { accountId: 'i1', tokenId: 'k1' },
  watchTeams: { teams: [{ accountId: 'i1', teamId: 't1' }] },
  getAbout: undefined,
  openAppLink: { link: 'help' },
  quit: undefined,
  readInstanceLog: { accountId: 'i1', teamId: 't1', instanceId: 'p1' },
  copyInstanceLog: { accountId: 'i1', teamId: 't1', instanceId: 'p1' },
  markNotificationsRead: { accountId: 'i1', ids: ['n1', 'n2'] },
  changePins: { kind: 'snooze', key: 'a1/i/p1' },
  openNotification: { accountId: 'i1', id: 'n1' },
};

/** Wrong for every method: each contract schema is a strict object, an optional one, or undefined. */
const MALFORMED_PAYLOADS: readonly unknown[] = [
  null,
  42,
  'ffpat_leaked_into_a_string',
  true,
  [],
  [{ id: 'i1' }],
  { bogus: 1 },
  JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  { id: 'x'.repeat(10_000), token: 'y'.repeat(100_000), url: 'z'.repeat(5000) },
  { ids: 'not an array', accountId: 1, teamId: null, name: { nested: true } },
  new Date(0),
  (() => {
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let i = 0; i < 50; i += 1) deep = deep.next = {};
    return top;
  })(),
];

const POPOVER_ID = 1;

/** JSON.stringify gives undefined for some values, whatever its type says. */
function describePayload(payload: unknown): string {
  const text = JSON.stringify(payload) as string | undefined;
  return (text ?? String(payload)).slice(0, 60);
}

function fakeWebContents(id: number, destroyed = false) {
  return {
    id,
    isDestroyed: () => destroyed,
    send: vi.fn(),
  };
}

interface FrameShape {
  url: string;
  parent: unknown;
  detached?: boolean;
  destroyed?: boolean;
}

function fakeEvent(frame: FrameShape | null | 'throws', senderId = POPOVER_ID): IpcMainInvokeEvent {
  const senderFrame =
    frame === null || frame === 'throws'
      ? frame
      : {
          url: frame.url,
          parent: frame.parent,
          detached: frame.detached ?? false,
          isDestroyed: () => frame.destroyed ?? false,
        };
  const event = { sender: { id: senderId } };
  Object.defineProperty(event, 'senderFrame', {
    get: () => {
      if (senderFrame === 'throws') throw new Error('Render frame was disposed');
      return senderFrame;
    },
  });
  return event as unknown as IpcMainInvokeEvent;
}

const TRUSTED = (): IpcMainInvokeEvent =>
  fakeEvent({ url: 'app://teamtray/index.html', parent: null });

const FOREIGN: Readonly<Record<string, () => IpcMainInvokeEvent>> = {
  'no sender frame': () => fakeEvent(null),
  'a frame that throws on access': () => fakeEvent('throws'),
  'a subframe of the app page': () =>
    fakeEvent({ url: 'app://teamtray/index.html', parent: { url: 'app://teamtray/' } }),
  'a remote page': () => fakeEvent({ url: 'https://evil.example/', parent: null }),
  'a file page': () => fakeEvent({ url: 'file:///tmp/index.html', parent: null }),
  'another app:// host': () => fakeEvent({ url: 'app://evil/index.html', parent: null }),
  'app:// with credentials': () =>
    fakeEvent({ url: 'app://user:pw@teamtray/index.html', parent: null }),
  'a look-alike http origin': () => fakeEvent({ url: 'http://teamtray/index.html', parent: null }),
  'a destroyed frame': () =>
    fakeEvent({ url: 'app://teamtray/index.html', parent: null, destroyed: true }),
  'a detached frame': () =>
    fakeEvent({ url: 'app://teamtray/index.html', parent: null, detached: true }),
  'the app page in another window': () =>
    fakeEvent({ url: 'app://teamtray/index.html', parent: null }, 99),
};

function setup(options: { popover?: boolean; dispatch?: Core['dispatch'] } = {}) {
  const registered = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => {
      if (registered.has(channel)) throw new Error(`second handler for ${channel}`);
      registered.set(channel, handler);
    },
    removeHandler: (channel: string) => registered.delete(channel),
  };
  const handlers = Object.fromEntries(
    methods.map((method) => [method, vi.fn(() => Promise.resolve(null))]),
  ) as unknown as Handlers & Record<Method, ReturnType<typeof vi.fn>>;
  const log = createMemoryLogger();
  const listeners: ((event: EventName, payload: unknown) => void)[] = [];
  const core: Pick<Core, 'dispatch' | 'onEvent'> = {
    // The real validating dispatcher, over handlers that record their calls.
    dispatch: options.dispatch ?? createDispatcher(handlers, log),
    onEvent: (listener) => {
      const wrapped = listener as (event: EventName, payload: unknown) => void;
      listeners.push(wrapped);
      return () => listeners.splice(listeners.indexOf(wrapped), 1);
    },
  };
  const popover = fakeWebContents(POPOVER_ID);
  const registration = registerIpcHandlers({
    ipcMain,
    core,
    popover: () => (options.popover === false ? undefined : (popover as unknown as WebContents)),
    log,
  });
  const call = (method: Method, event: IpcMainInvokeEvent, ...args: unknown[]) => {
    const handler = registered.get(channels[method]);
    if (handler === undefined) throw new Error(`no handler for ${method}`);
    return handler(event, ...args) as Promise<Result<unknown>>;
  };
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    for (const listener of [...listeners]) listener(event, payload);
  };
  return { registered, handlers, call, emit, popover, registration, log, listeners };
}

describe('ipcMain registration', () => {
  it('registers exactly one handler per contract channel, and removes them on dispose', () => {
    const { registered, registration, listeners } = setup();
    expect([...registered.keys()].sort()).toEqual(Object.values(channels).sort());
    registration.dispose();
    expect(registered.size).toBe(0);
    expect(listeners).toHaveLength(0);
  });

  it('passes a valid request from the popover to the core', async () => {
    const { call, handlers } = setup();
    for (const method of methods) {
      const result = await call(method, TRUSTED(), VALID[method]);
      expect(result, method).toEqual({ ok: true, value: null });
      expect(handlers[method], method).toHaveBeenCalledOnce();
    }
  });
});

describe('every channel refuses a foreign sender', () => {
  for (const [name, makeEvent] of Object.entries(FOREIGN)) {
    it(`from ${name}`, async () => {
      const { call, handlers } = setup();
      for (const method of methods) {
        const result = await call(method, makeEvent(), VALID[method]);
        expect(result, method).toEqual(REFUSED_SENDER);
      }
      for (const method of methods) expect(handlers[method]).not.toHaveBeenCalled();
    });
  }

  it('when there is no popover at all', async () => {
    const { call, handlers } = setup({ popover: false });
    for (const method of methods) {
      expect(await call(method, TRUSTED(), VALID[method])).toEqual(REFUSED_SENDER);
      expect(handlers[method]).not.toHaveBeenCalled();
    }
  });
});

describe('every channel refuses a malformed payload', () => {
  it('from the trusted popover, with a Result and never a throw', async () => {
    const { call, handlers } = setup();
    for (const method of methods) {
      for (const payload of MALFORMED_PAYLOADS) {
        const result = await call(method, TRUSTED(), payload);
        expect(result.ok, `${method} ${describePayload(payload)}`).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toBe('invalid_request');
          expect(Object.keys(result.error).sort()).toEqual(['code', 'message']);
          expect(result.error.message).not.toMatch(/ffpat_|yyyy|at .*\(/);
        }
      }
      expect(handlers[method], method).not.toHaveBeenCalled();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('with extra arguments the bridge never sends', async () => {
    const { call, handlers } = setup();
    for (const method of methods) {
      expect(await call(method, TRUSTED(), VALID[method], 'extra')).toEqual(MALFORMED);
      expect(handlers[method]).not.toHaveBeenCalled();
    }
  });
});

describe('failures', () => {
  it('turns a throwing dispatch into an internal error with no stack', async () => {
    const { call, log } = setup({
      dispatch: () => Promise.reject(new Error('boom ffpat_secretvalue')),
    });
    const result = await call('getState', TRUSTED(), undefined);
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong. The details are in the log.' },
    });
    expect(log.lines.join('\n')).not.toContain('ffpat_secretvalue');
  });
});

describe('pushes', () => {
  it('forwards core events to the popover on the contract channel', () => {
    const { emit, popover, registration } = setup();
    emit('navigate', 'settings');
    registration.push('navigate', 'teams');
    expect(popover.send.mock.calls).toEqual([
      [eventChannels.navigate, 'settings'],
      [eventChannels.navigate, 'teams'],
    ]);
  });

  it('drops pushes when there is no popover', () => {
    const { emit } = setup({ popover: false });
    expect(() => {
      emit('navigate', 'settings');
    }).not.toThrow();
  });
});

describe('isTrustedSender', () => {
  it('accepts only the popover top frame on app://teamtray', () => {
    const popover = fakeWebContents(POPOVER_ID) as unknown as WebContents;
    expect(isTrustedSender(TRUSTED(), popover)).toBe(true);
    expect(isTrustedSender(TRUSTED(), undefined)).toBe(false);
    for (const makeEvent of Object.values(FOREIGN)) {
      expect(isTrustedSender(makeEvent(), popover)).toBe(false);
    }
  });
});
