import { describe, expect, it } from 'vitest';
import { instanceOf } from '../../tests/support/state-builders';
import { RECOVERY_SHOWN_MS, recoveryLine } from './recovery-line';

const MIN = 60_000;
const now = 1_700_000_000_000;

describe('the recovery under an instance', () => {
  it('says it runs again and how long it was down, for a while', () => {
    const recovered = { at: now - MIN, from: 'crashed', downMs: 12 * MIN };
    const instance = instanceOf('i1', { recovered });
    expect(recoveryLine(instance, 'running', now)).toBe('Running again · down 12 min');
    expect(recoveryLine(instance, 'running', recovered.at + RECOVERY_SHOWN_MS)).toBeNull();
  });

  it('after the user’s own restart or start says what it did, never that it runs again', () => {
    const restarted = {
      at: now - 2 * MIN,
      from: 'crashed',
      downMs: 5 * MIN,
      action: 'restart' as const,
    };
    const instance = instanceOf('i1', { recovered: restarted });
    expect(recoveryLine(instance, 'running', now)).toBe('Restarted by you · 2 min ago');
    const started = { at: now, from: 'start-failed', downMs: MIN, action: 'start' as const };
    expect(recoveryLine(instanceOf('i2', { recovered: started }), 'running', now)).toBe(
      'Started by you · just now',
    );
    expect(recoveryLine(instance, 'running', restarted.at + RECOVERY_SHOWN_MS)).toBeNull();
    // A crash that came back on its own (or by someone else's hand) is still a recovery.
    const onItsOwn = { at: now - 2 * MIN, from: 'crashed', downMs: 5 * MIN };
    expect(recoveryLine(instanceOf('i3', { recovered: onItsOwn }), 'running', now)).toBe(
      'Running again · down 5 min',
    );
  });

  it('says out of safe mode, and nothing once it is in another state', () => {
    const recovered = { at: now, from: 'safe', downMs: null };
    const instance = instanceOf('i1', { recovered });
    expect(recoveryLine(instance, 'running', now)).toBe('Out of safe mode');
    expect(recoveryLine(instance, 'stopping', now)).toBeNull();
    expect(recoveryLine(instanceOf('i2'), 'running', now)).toBeNull();
  });
});
