import { describe, expect, it } from 'vitest';
import { formatSteps, loadSteps } from './first-paint-steps';
import type { LoadTimes } from './popover-load';

const times: LoadTimes = {
  scriptLoaded: 40,
  evaluated: 60,
  stateSent: 5,
  stateArrived: 12,
  stateReceived: 70,
  firstTeams: 110,
  viewLaidOut: 113,
};

describe('loadSteps', () => {
  it('splits a load whose page was ready after its state', () => {
    expect(loadSteps(times, times.firstTeams)).toEqual({
      scriptFetch: 40,
      scriptRun: 20,
      untilSent: 5,
      transport: 7,
      stateWasLater: false,
      handOver: 10,
      rendererWork: 40,
      total: 110,
    });
  });

  it('puts the transport on the critical path when the state came last', () => {
    const late = { ...times, stateArrived: 90, stateReceived: 91, firstTeams: 130 };
    const steps = loadSteps(late, late.firstTeams);
    expect(steps.stateWasLater).toBe(true);
    expect(steps.handOver).toBe(1);
    // The critical path adds up: the later track, the hand-over, the renderer's work.
    expect(late.stateArrived + steps.handOver + steps.rendererWork).toBe(steps.total);
  });

  it('accepts a load without teams, ended at its view', () => {
    const empty = { ...times, firstTeams: -1 };
    expect(loadSteps(empty, empty.viewLaidOut).rendererWork).toBe(43);
  });

  it('refuses a load that lacks a mark', () => {
    expect(() => loadSteps({ ...times, evaluated: -1 }, 110)).toThrow(/evaluated/);
    expect(() => loadSteps(times, -1)).toThrow(/its end/);
  });
});

describe('formatSteps', () => {
  it('prints medians and how often the state was the later', () => {
    const text = formatSteps('first paint', 'teams laid out', [
      loadSteps(times, times.firstTeams),
      loadSteps({ ...times, stateArrived: 90, stateReceived: 91 }, times.firstTeams),
    ]);
    expect(text).toContain('over 2 loads');
    expect(text).toContain('the state was the later in 1 of 2 loads');
    expect(text).toMatch(/= navigation start -> the end\s+110\.0 ms/);
  });
});
