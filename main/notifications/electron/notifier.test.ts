import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { asAccountId } from '../../../common/brand';
import { createMemoryLogger } from '../../../tests/support/memory-logger';

const fake = vi.hoisted(() => ({ supported: true, made: [] as unknown[] }));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  class Notification extends EventEmitter {
    static isSupported = () => fake.supported;
    readonly options: unknown;
    shown = 0;
    constructor(options: unknown) {
      super();
      this.options = options;
      fake.made.push(this);
    }
    show() {
      this.shown += 1;
    }
  }
  return { Notification };
});

const { createNotifier, APP_USER_MODEL_ID } = await import('./notifier');
const { BODY_MAX, TITLE_MAX } = await import('../../runtime/notification-text');

interface Made extends EventEmitter {
  readonly options: unknown;
  readonly shown: number;
}

const target = {
  accountId: asAccountId('a1'),
  teamId: 't1',
  item: { kind: 'instance', id: 'p1' },
} as const;

describe('notifier', () => {
  beforeEach(() => {
    fake.supported = true;
    fake.made.length = 0;
  });

  it('shows a native notification, and a click opens the popover on its item', () => {
    const onClick = vi.fn();
    createNotifier({ onClick, log: createMemoryLogger() }).notify({
      title: 'alpha crashed',
      body: 'Line One · ada @ ff.example.com',
      target,
    });
    const made = fake.made[0] as Made;
    expect(made.options).toEqual({
      title: 'alpha crashed',
      body: 'Line One · ada @ ff.example.com',
    });
    expect(made.shown).toBe(1);
    made.emit('click');
    expect(onClick).toHaveBeenCalledExactlyOnceWith(target);
  });

  it('shows nothing where notifications are not supported, and says so in the log', () => {
    fake.supported = false;
    const log = createMemoryLogger();
    createNotifier({ onClick: vi.fn(), log }).notify({ title: 't', body: 'b', target });
    expect(fake.made).toHaveLength(0);
    expect(log.lines.join('\n')).toContain('not supported');
  });

  it('uses the installer\u2019s appId as the Windows AppUserModelID', () => {
    const config = parse(readFileSync('electron-builder.yml', 'utf8')) as { appId: string };
    expect(APP_USER_MODEL_ID).toBe(config.appId);
  });

  it('on Linux escapes the body for libnotify, and shows names as one plain line', () => {
    createNotifier({ onClick: vi.fn(), log: createMemoryLogger(), platform: 'linux' }).notify({
      title: 'R&D <b>line</b>\n\u202Ecrashed',
      body: 'R&D · <a href="https://evil.example">pay here</a>\r\n\u0007ada @ ff.example.com',
      target,
    });
    expect((fake.made[0] as Made).options).toEqual({
      title: 'R&D <b>line</b> crashed',
      body: 'R&amp;D · &lt;a href="https://evil.example"&gt;pay here&lt;/a&gt; ada @ ff.example.com',
    });
  });

  it.each(['darwin', 'win32'] as const)('on %s keeps & < > as they are', (platform) => {
    createNotifier({ onClick: vi.fn(), log: createMemoryLogger(), platform }).notify({
      title: 'R&D <b>line</b> crashed',
      body: 'R&D <i>Plant</i>',
      target,
    });
    expect((fake.made[0] as Made).options).toEqual({
      title: 'R&D <b>line</b> crashed',
      body: 'R&D <i>Plant</i>',
    });
  });

  it('clips a long title and body with an ellipsis', () => {
    createNotifier({ onClick: vi.fn(), log: createMemoryLogger(), platform: 'linux' }).notify({
      title: 't'.repeat(1000),
      body: 'b'.repeat(100_000),
      target,
    });
    const { title, body } = (fake.made[0] as Made).options as { title: string; body: string };
    expect(Array.from(title)).toHaveLength(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(Array.from(body)).toHaveLength(BODY_MAX);
  });

  it.each(['darwin', 'win32'] as const)(
    'on %s offers "Snooze 1 hour" on a notification about one item, and its press snoozes it',
    (platform) => {
      const onSnooze = vi.fn();
      const onClick = vi.fn();
      createNotifier({ onClick, onSnooze, log: createMemoryLogger(), platform }).notify({
        title: 'alpha crashed',
        body: 'Line One',
        target,
      });
      const made = fake.made[0] as Made;
      expect(made.options).toEqual({
        title: 'alpha crashed',
        body: 'Line One',
        actions: [{ type: 'button', text: 'Snooze 1 hour' }],
      });
      made.emit('action', { actionIndex: 0, selectionIndex: -1 });
      expect(onSnooze).toHaveBeenCalledExactlyOnceWith(target);
      expect(onClick).not.toHaveBeenCalled();
    },
  );

  it('offers no snooze on a summary (no one item), nor on Linux, which shows no actions', () => {
    const onSnooze = vi.fn();
    const log = createMemoryLogger();
    createNotifier({ onClick: vi.fn(), onSnooze, log, platform: 'darwin' }).notify({
      title: '5 instances crashed',
      body: 'Plant',
      target: { ...target, item: null },
    });
    createNotifier({ onClick: vi.fn(), onSnooze, log, platform: 'linux' }).notify({
      title: 'alpha crashed',
      body: 'Plant',
      target,
    });
    expect(fake.made.map((made) => (made as Made).options)).toEqual([
      { title: '5 instances crashed', body: 'Plant' },
      { title: 'alpha crashed', body: 'Plant' },
    ]);
    expect(fake.made.every((made) => (made as Made).listenerCount('action') === 0)).toBe(true);
  });
});
