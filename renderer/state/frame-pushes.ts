/**
 * main's pushes, applied once per frame (issue 30): the pushes that arrive between two frames
 * are handed to the replica together, in the order they came, so its tree changes and the rows
 * derive once per frame however many pushes a refresh sends. A hidden popover renders no frame:
 * a backstop timer applies them then, so they never pile up.
 *
 * Hand-written because it is ours: a queue and which of two timers fires first.
 */
import type { PatchPush } from '../../common/state';

/** Runs `run` at the next frame or at the backstop, whichever comes first; returns a cancel. */
export type FrameSchedule = (run: () => void) => () => void;

/** While no frame comes (the popover hidden), pushes wait at most this long. */
const BACKSTOP_MS = 100;

/** The page's: requestAnimationFrame, with a timer as backstop. */
export const nextFrame: FrameSchedule = (run) => {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(backstop);
    run();
  };
  const frame = requestAnimationFrame(once);
  const backstop = setTimeout(once, BACKSTOP_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(backstop);
  };
};

export class FramePushes {
  private queued: PatchPush[] = [];
  private cancel: (() => void) | null = null;

  constructor(
    private readonly apply: (pushes: readonly PatchPush[]) => void,
    private readonly schedule: FrameSchedule = nextFrame,
  ) {}

  /** A push from main: applied with the others of its frame. */
  add(push: PatchPush): void {
    this.queued.push(push);
    this.cancel ??= this.schedule(() => {
      this.flush();
    });
  }

  /** Applies what waits now. */
  flush(): void {
    this.cancel?.();
    this.cancel = null;
    const pushes = this.queued;
    this.queued = [];
    if (pushes.length > 0) this.apply(pushes);
  }

  /** Drops what waits; a push added later is scheduled again. */
  dispose(): void {
    this.cancel?.();
    this.cancel = null;
    this.queued = [];
  }
}
