import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { Versioned } from '../../common/contract';
import { Drafts, draftKey } from './drafts';

/** A call main has not answered yet, and how to answer it. */
function pending<R>() {
  let answer: (result: Versioned<R>) => void = () => undefined;
  const call = () =>
    new Promise<Versioned<R>>((resolve) => {
      answer = resolve;
    });
  return {
    call,
    answer: (result: Versioned<R>) => {
      answer(result);
    },
  };
}

const name = draftKey.name('a/t0');

describe('Drafts', () => {
  it('shows a draft at once and drops it exactly when the replica reaches the version main answered', async () => {
    const version = signal(3);
    const drafts = new Drafts(version);
    const main = pending<null>();
    const sending = drafts.send([[name, 'Typed']], main.call);
    expect(drafts.get(name)).toBe('Typed');
    main.answer({ ok: true, value: null, version: 5 });
    await expect(sending).resolves.toEqual({ ok: true, value: null, version: 5 });
    // Answered, but the replica holds version 3: main's own name is not there yet.
    expect(drafts.get(name)).toBe('Typed');
    version.value = 4;
    expect(drafts.get(name)).toBe('Typed');
    version.value = 5;
    expect(drafts.get(name)).toBeUndefined();
  });

  it('drops a draft at the answer when the replica already holds that version', async () => {
    const version = signal(7);
    const drafts = new Drafts(version);
    await drafts.send([[name, 'Typed']], () =>
      Promise.resolve({ ok: true, value: null, version: 7 }),
    );
    expect(drafts.get(name)).toBeUndefined();
  });

  it('drops a refused call’s draft at once and hands back why', async () => {
    const drafts = new Drafts(signal(0));
    const main = pending<null>();
    const sending = drafts.send([[name, 'Typed']], main.call);
    main.answer({ ok: false, error: { code: 'forbidden', message: 'Only owners.' } });
    await expect(sending).resolves.toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Only owners.' },
    });
    expect(drafts.get(name)).toBeUndefined();
  });

  it('drops the draft of a call that threw', async () => {
    const drafts = new Drafts(signal(0));
    await expect(
      drafts.send([[name, 'Typed']], () => Promise.reject(new Error('gone'))),
    ).rejects.toThrow('gone');
    expect(drafts.get(name)).toBeUndefined();
  });

  it('a later draft of the same key takes over: the earlier answer, yes or no, leaves it', async () => {
    const version = signal(0);
    const drafts = new Drafts(version);
    const first = pending<null>();
    const second = pending<null>();
    const sendingFirst = drafts.send([[name, 'One']], first.call);
    const sendingSecond = drafts.send([[name, 'Two']], second.call);
    expect(drafts.get(name)).toBe('Two');
    first.answer({ ok: false, error: { code: 'internal', message: 'No.' } });
    await sendingFirst;
    expect(drafts.get(name)).toBe('Two');
    second.answer({ ok: true, value: null, version: 2 });
    await sendingSecond;
    version.value = 1;
    expect(drafts.get(name)).toBe('Two');
    version.value = 2;
    expect(drafts.get(name)).toBeUndefined();
  });

  it('lists the drafts under a prefix in the order made, the same map while they do not change', async () => {
    const version = signal(0);
    const drafts = new Drafts(version);
    const settings = drafts.under('settings:');
    const main = pending<null>();
    void drafts.send(
      [
        [draftKey.setting('theme'), 'dark'],
        [draftKey.setting('trayCount'), false],
      ],
      main.call,
    );
    void drafts.send([[name, 'Typed']], pending<null>().call);
    const shown = settings.value;
    expect([...shown]).toEqual([
      ['theme', 'dark'],
      ['trayCount', false],
    ]);
    // Main's model moves on without reaching the answer: nothing derived from the drafts changes.
    version.value = 1;
    expect(settings.value).toBe(shown);
    main.answer({ ok: true, value: null, version: 2 });
    await Promise.resolve();
    expect(settings.value).toBe(shown);
    version.value = 2;
    expect(settings.value.size).toBe(0);
    expect(drafts.get(name)).toBe('Typed');
  });
});
