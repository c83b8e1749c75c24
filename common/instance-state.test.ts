import { describe, expect, it } from 'vitest';
import {
  actionPermission,
  actionsFor,
  isTransitional,
  needsAttention,
  stateLabel,
  stateTone,
} from './instance-state';

describe('instance states', () => {
  it('gives every state a tone, and any other string one too', () => {
    expect(
      [
        'running',
        'starting',
        'stopped',
        'suspended',
        'crashed',
        'safe',
        'pushing',
        'brand-new',
      ].map(stateTone),
    ).toEqual(['ok', 'busy', 'idle', 'idle', 'problem', 'problem', 'busy', 'other']);
  });

  it('needs the user for a crash, an error or safe mode only', () => {
    expect(['crashed', 'error', 'safe'].every(needsAttention)).toBe(true);
    expect(['running', 'stopped', 'suspended', 'unknown'].some(needsAttention)).toBe(false);
    expect(isTransitional('restarting')).toBe(true);
  });

  it('offers Start only on a suspended instance, nothing in a transition', () => {
    expect(actionsFor('suspended')).toEqual(['start']);
    expect(actionsFor('running')).toEqual(['restart', 'stop', 'suspend']);
    expect(actionsFor('stopped')).toEqual(['start', 'suspend']);
    expect(actionsFor('crashed')).toEqual(['start', 'restart', 'stop', 'suspend']);
    expect(actionsFor('stopping')).toEqual([]);
  });

  it('lets owners act, and says why to everyone else', () => {
    expect(actionPermission(50)).toEqual({ allowed: true });
    expect(actionPermission(10)).toEqual({
      allowed: false,
      reason: 'Only team owners can start or stop instances; you are a viewer here.',
    });
  });

  it('words a state, with an ellipsis while it is on its way', () => {
    expect(stateLabel('running')).toBe('Running');
    expect(stateLabel('stopping')).toBe('Stopping…');
    expect(stateLabel('')).toBe('Unknown');
  });
});
