/**
 * At most `limit` tasks at a time; the rest wait their turn. One per server, so a refresh of 100
 * teams sends 4 requests at a time instead of 300 at once.
 *
 * Two lanes share those places: what a user is waiting for (an action and its polls, a log or a
 * team they asked for) goes before background reads (a refresh, the inbox, the last actions, a log
 * nobody asked for), each lane in the order it came. A refresh of 200 teams queues hundreds of
 * reads; a Stop clicked meanwhile takes the next free place instead of waiting for all of them.
 * The limit is the same for both: only the order of the waiting work changes.
 *
 * A background read a user then asks for (a team on screen whose read a refresh already queued)
 * is raised: its waiting tasks, and its later ones, go in the user's lane. Written by hand: a few
 * lines of ours, where a queue library would not know a read's lane can change while it waits.
 */

/** Which lane a task waits in: one object per read (`{ user: false }`), so it can be raised. */
export interface Lane {
  user: boolean;
}

/** The user's lane, for a task of its own (an action, a poll). */
export const USER: Lane = Object.freeze({ user: true });

/** A lane of its own for a background read: raise() can move it up later. */
export function backgroundLane(): Lane {
  return { user: false };
}

export interface Limiter {
  /** Runs `task` once a place is free; background (a lane of its own) unless told. */
  <T>(task: () => Promise<T>, lane?: Lane): Promise<T>;
  /** The user asked for this read: its waiting tasks and its later ones go in the user's lane. */
  raise(lane: Lane): void;
}

interface Waiting {
  readonly lane: Lane;
  readonly start: () => void;
  /** Taken from the other lane's queue already (after a raise). */
  done: boolean;
}

export function createLimiter(limit: number): Limiter {
  let running = 0;
  const user: Waiting[] = [];
  const background: Waiting[] = [];
  const take = (queue: Waiting[]): Waiting | undefined => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (!next.done) return next;
    }
    return undefined;
  };
  /** A task ended: its place passes straight to the next one waiting, else it is free. */
  const release = (): void => {
    const found = take(user) ?? take(background);
    if (found === undefined) {
      running -= 1;
      return;
    }
    found.done = true;
    found.start();
  };
  const run = async <T>(task: () => Promise<T>, lane: Lane = backgroundLane()): Promise<T> => {
    if (running < limit) running += 1;
    else {
      // The place is handed over by release(): a task that comes meanwhile cannot take it first.
      await new Promise<void>((start) => {
        (lane.user ? user : background).push({ lane, start, done: false });
      });
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
  const raise = (lane: Lane): void => {
    if (lane.user) return;
    lane.user = true;
    // The raised read's tasks already waiting join the user's lane, in the order they came; the
    // entries left behind are skipped when the background lane reaches them.
    for (const waiting of background) {
      if (waiting.lane === lane && !waiting.done) {
        waiting.done = true;
        user.push({ lane, start: waiting.start, done: false });
      }
    }
  };
  return Object.assign(run, { raise });
}
