import { expect, it } from 'vitest';
import { heapHeld, type Held } from './heap-held';

const MB = 1e6;

/** About `mb` MB on the heap: an array of distinct doubles (8 bytes each). */
function ballast(mb: number): number[] {
  return Array.from({ length: (mb * MB) / 8 }, (_, i) => i + 0.5);
}

interface Thing {
  readonly inside: { readonly numbers: number[] };
  closed: boolean;
  close(): Promise<void>;
}

function thingOf(mb: number): Thing {
  const thing: Thing = {
    inside: { numbers: ballast(mb) },
    closed: false,
    close() {
      thing.closed = true;
      return Promise.resolve();
    },
  };
  return thing;
}

it('measures what a thing holds, whatever else the process allocated before it', async () => {
  // Allocated before the thing and kept: a before-and-after measure would not see it go.
  const kept = ballast(4);
  const box: Held<Thing> = { value: thingOf(8) };
  const held = await heapHeld(box, (thing) => [thing.inside]);
  expect(held / MB).toBeGreaterThan(7.5);
  expect(held / MB).toBeLessThan(9);
  expect(box.value).toBeNull();
  expect(kept.length).toBe(500_000);
});

it('refuses to measure a thing still reachable from elsewhere', async () => {
  const thing = thingOf(1);
  const box: Held<Thing> = { value: thing };
  await expect(heapHeld(box)).rejects.toThrow(/still reachable/);
  expect(thing.closed).toBe(true);
});
