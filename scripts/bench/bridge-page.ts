/**
 * The page's half of the bench's bridge (./bridge.ts), run as an init script before any of the
 * page's own scripts, as preload runs in the app. It is sent as source text: it may use nothing
 * from this module or its imports, only its arguments.
 *
 * It also sets the performance marks the first-paint breakdown reads (see BENCH_MARKS), and sends
 * every `teamtray:` and `bench:` mark to Node so the bench can wait for one without polling.
 */
import type { channels, eventChannels } from '../../common/contract';
import type { createBridge } from '../../preload/bridge';
import type { StagedStore } from './staged-state';

export interface PageBridgeConfig {
  /** The DevTools binding's name; the script removes it from window. */
  readonly binding: string;
  readonly channels: typeof channels;
  readonly eventChannels: typeof eventChannels;
  readonly getStateChannel: string;
  /**
   * Where the core's getState answer was staged in the origin's IndexedDB (./staged-state.ts),
   * for the first getState to resolve with as a structured clone; null: every getState crosses
   * the binding.
   */
  readonly staged: StagedStore | null;
  readonly marks: BenchMarks;
}

/** The marks this script sets, ms since navigation start. */
export interface BenchMarks {
  /** The first getState left the page (preload's prefetch). */
  readonly stateSent: string;
  /** Its answer is in the page, as an object (parsed or deserialized). */
  readonly stateArrived: string;
  /** The renderer's bundle has run to its end (its last module defined tt-app). */
  readonly evaluated: string;
  /**
   * After the renderer's teamtray:state-received mark: every Lit element has settled (no update
   * pending) and the document is laid out. The same point on any popover, teams or none.
   */
  readonly viewLaidOut: string;
}

/** Harness-only hooks on window for the probes (non-enumerable, not part of the app). */
type Wire = string;
type Listener = (payload: unknown) => void;

export function installPageBridge(config: PageBridgeConfig, bridge: typeof createBridge): void {
  const send = (window as unknown as Record<string, unknown>)[config.binding] as (
    message: string,
  ) => void;
  Reflect.deleteProperty(window, config.binding);
  const listeners = new Map<string, Set<Listener>>();
  const waiting = new Map<number, (value: unknown) => void>();
  let seq = 0;

  /** `j:` + JSON, or `z:` + base64 of gzipped JSON (Node's side, ./bridge.ts, picks). */
  const decode = async (wire: Wire): Promise<unknown> => {
    if (wire.startsWith('j:')) return JSON.parse(wire.slice(2)) as unknown;
    const binary = atob(wire.slice(2));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text()) as unknown;
  };
  // One queue for answers and pushes: each is handed over in the order it arrived.
  let delivery: Promise<unknown> = Promise.resolve();
  const deliver = (wire: Wire, hand: (value: unknown) => void): void => {
    const decoded = decode(wire);
    delivery = delivery.then(() => decoded).then(hand, () => undefined);
  };
  Object.defineProperty(window, '__benchAnswer', {
    value: (id: number, wire: Wire) => {
      const resolve = waiting.get(id);
      waiting.delete(id);
      if (resolve !== undefined) deliver(wire, resolve);
    },
  });
  // Pushes that arrived, and those handed to the listeners or dropped (undecodable): the bench
  // waits until every push ./bridge.ts sent has settled here.
  let arrived = 0;
  let settled = 0;
  Object.defineProperty(window, '__benchPush', {
    value: (channel: string, wire: Wire) => {
      arrived += 1;
      const decoded = decode(wire);
      delivery = delivery
        .then(() => decoded)
        .then(
          (payload) => {
            for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
          },
          () => undefined,
        )
        .finally(() => {
          settled += 1;
        });
    },
  });
  Object.defineProperty(window, '__benchDelivered', {
    get: () => ({ arrived, settled }),
  });
  const overBinding = (channel: string, payload: unknown): Promise<unknown> => {
    seq += 1;
    const id = seq;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      send(JSON.stringify({ seq: id, channel, body }));
    });
  };
  Object.defineProperty(window, '__benchGetStateOverBinding', {
    value: () => overBinding(config.getStateChannel, undefined),
  });

  // The structured-clone transport, for the first getState only: main's answer, staged in this
  // origin's IndexedDB before the page loaded, read when preload asks. The storage service sends
  // the serialized bytes and reading the value deserializes them on this thread, as with
  // ipcRenderer.invoke's answer. Later calls see a newer state: they use the binding.
  let staged = config.staged;
  const overClone = (where: StagedStore): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const opened = indexedDB.open(where.db);
      opened.onerror = () => {
        reject(opened.error ?? new Error('the staged state did not open'));
      };
      opened.onsuccess = () => {
        const database = opened.result;
        const read = database.transaction(where.store).objectStore(where.store).get(where.key);
        read.onerror = () => {
          reject(read.error ?? new Error('the staged state could not be read'));
        };
        read.onsuccess = () => {
          database.close();
          if (read.result === undefined) reject(new Error('nothing was staged'));
          else resolve(read.result);
        };
      };
    });

  let timedOnce = false;
  const transport = {
    invoke: (channel: string, payload: unknown): Promise<unknown> => {
      const isState = channel === config.getStateChannel;
      // The first getState (preload's prefetch) is timed, for the first-paint breakdown.
      const timed = isState && !timedOnce;
      if (timed) {
        timedOnce = true;
        performance.mark(config.marks.stateSent);
      }
      const where = isState ? staged : null;
      if (isState) staged = null;
      const answer = where === null ? overBinding(channel, payload) : overClone(where);
      return timed
        ? answer.then((result) => {
            performance.mark(config.marks.stateArrived);
            return result;
          })
        : answer;
    },
    on: (channel: string, listener: Listener): (() => void) => {
      const list = listeners.get(channel) ?? new Set<Listener>();
      list.add(listener);
      listeners.set(channel, list);
      return () => list.delete(listener);
    },
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.startsWith('teamtray:') || entry.name.startsWith('bench:')) {
        send(JSON.stringify({ mark: entry.name }));
      }
    }
  }).observe({ type: 'mark' });

  // tt-app is defined by the bundle's last module; the callback runs once the bundle has run.
  void customElements.whenDefined('tt-app').then(() => {
    performance.mark(config.marks.evaluated);
  });

  interface LitLike extends Element {
    readonly isUpdatePending: boolean;
    readonly updateComplete: Promise<boolean>;
  }
  /** What the view still waits for: Lit updates, and elements whose module is still loading. */
  const pendingWork = (): Promise<unknown>[] => {
    const found: Promise<unknown>[] = [];
    const visit = (root: Document | ShadowRoot): void => {
      for (const element of root.querySelectorAll('*')) {
        if ('updateComplete' in element && (element as LitLike).isUpdatePending) {
          found.push((element as LitLike).updateComplete);
        }
        const tag = element.localName;
        if (tag.includes('-') && customElements.get(tag) === undefined) {
          found.push(customElements.whenDefined(tag));
        }
        if (element.shadowRoot !== null) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  };
  const markViewLaidOut = async (): Promise<void> => {
    // Each pass waits for what is pending now; rendering may create elements with their own.
    for (let pass = 0; pass < 20; pass += 1) {
      const pending = pendingWork();
      if (pending.length === 0) break;
      await Promise.all(pending);
    }
    // Asking for a box lays out the whole document, shadow trees included.
    document.body.getBoundingClientRect();
    performance.mark(config.marks.viewLaidOut);
  };
  // The store sets teamtray:state-received just before it applies the state, in the same task:
  // a microtask queued here runs after that, when the renderer's updates are requested.
  const mark = performance.mark.bind(performance);
  let watched = false;
  performance.mark = (name: string, options?: PerformanceMarkOptions): PerformanceMark => {
    const entry = mark(name, options);
    if (name === 'teamtray:state-received' && !watched) {
      watched = true;
      queueMicrotask(() => void markViewLaidOut());
    }
    return entry;
  };

  Object.defineProperty(window, 'teamtray', {
    value: bridge(config.channels, config.eventChannels, transport, {
      prefetchState: true,
    }),
    enumerable: true,
  });
}
