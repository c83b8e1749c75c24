import type { ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastController } from './toast-controller';

function host(): ReactiveControllerHost {
  return {
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: vi.fn(),
    updateComplete: Promise.resolve(true),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToastController', () => {
  it('shows one toast for a few seconds, the newest replacing the last', () => {
    const toasts = new ToastController(host(), 6_000);
    toasts.show({ text: 'one' });
    vi.advanceTimersByTime(4_000);
    toasts.show({ text: 'two' });
    vi.advanceTimersByTime(4_000);
    expect(toasts.current?.text).toBe('two');
    vi.advanceTimersByTime(2_001);
    expect(toasts.current).toBeNull();
  });

  it('stays while held, and goes a little after it is let go', () => {
    const toasts = new ToastController(host(), 6_000);
    toasts.show({ text: 'Renamed A → B' });
    toasts.hold();
    vi.advanceTimersByTime(60_000);
    expect(toasts.current?.text).toBe('Renamed A → B');
    toasts.release();
    vi.advanceTimersByTime(2_600);
    expect(toasts.current).toBeNull();
  });

  it('runs its action once, and goes', () => {
    const toasts = new ToastController(host(), 6_000);
    const run = vi.fn();
    toasts.show({ text: 'Renamed A → B', action: { label: 'Undo', run } });
    expect(toasts.act()).toBe(true);
    expect(toasts.act()).toBe(false);
    expect(run).toHaveBeenCalledOnce();
    expect(toasts.current).toBeNull();
  });
});
