/**
 * The bridge's patches, one push per tick (issue 30): the model's changes of one turn of the
 * event loop (a refresh lands hundreds of reads in one) are gathered and sent as one PatchPush,
 * their patches concatenated in order, numbered with the last change's version and `from` the
 * first's; a push of one change is as before (no `from`). The renderer's replica applies a push
 * only when `from` follows the version it holds, so a lost push is still a gap, mended by
 * getState.
 *
 * `flush` sends what is gathered now: before main answers any call (core.ts), so the pushes a
 * call caused reach the page before its answer, as they did when each change was its own push,
 * and a getState's snapshot is never older than the pushes already sent.
 *
 * Hand-written because it is ours: the batching rule of our own numbered pushes.
 */
import type { Change } from '../model/model';
import type { Patch, PatchPush } from '../../common/state';

/** When the gathered changes are sent: Node's next check phase, after the tick's I/O. */
export type Schedule = (send: () => void) => void;

const nextTick: Schedule = (send) => {
  setImmediate(send);
};

export interface PatchPushes {
  /** A change of the model, gathered into the tick's push. */
  add(change: Pick<Change, 'version' | 'patches'>): void;
  /** Sends the gathered changes now, if any. */
  flush(): void;
  /** Drops what is gathered; nothing more is sent. */
  stop(): void;
}

export function batchPatchPushes(
  send: (push: PatchPush) => void,
  schedule: Schedule = nextTick,
): PatchPushes {
  let from = -1;
  let version = -1;
  let patches: Patch[] = [];
  let scheduled = false;
  let stopped = false;
  const flush = (): void => {
    if (from < 0 || stopped) return;
    const push: PatchPush = from === version ? { version, patches } : { version, from, patches };
    from = -1;
    version = -1;
    patches = [];
    send(push);
  };
  return {
    add(change) {
      if (stopped) return;
      if (from < 0) from = change.version;
      version = change.version;
      for (const patch of change.patches) patches.push(patch);
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        flush();
      });
    },
    flush,
    stop() {
      stopped = true;
      patches = [];
      from = -1;
    },
  };
}
