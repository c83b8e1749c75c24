/**
 * Code that runs inside the popover page for ./refresh-figures.ts, like ./page-probes.ts: each
 * function is self-contained, since Playwright sends its source text.
 *
 * The renderer's long tasks (over 50 ms, Chromium's Long Tasks API) while a refresh lands:
 * `startLongTasks` before main starts it, `stopLongTasks` once the page has handed over every
 * push it caused.
 */

export interface LongTasks {
  readonly count: number;
  /** The longest, ms; 0 with none. */
  readonly longestMs: number;
}

export function startLongTasks(): void {
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    throw new Error("this Chromium reports no 'longtask' entries");
  }
  const seen: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  Object.defineProperty(window, '__benchLongTasks', {
    configurable: true,
    value: { observer, seen },
  });
}

export async function stopLongTasks(): Promise<LongTasks> {
  const held = (window as { __benchLongTasks?: { observer: PerformanceObserver; seen: number[] } })
    .__benchLongTasks;
  if (held === undefined) throw new Error('startLongTasks was not called');
  // Entries are reported a little after their task: a frame and a task later they are in.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const entry of held.observer.takeRecords()) held.seen.push(entry.duration);
  held.observer.disconnect();
  return { count: held.seen.length, longestMs: Math.max(0, ...held.seen) };
}

/** Sets a window property the probes read (filterProbe's `stopWhen`). */
export function setFlag(args: { readonly name: string; readonly value: boolean }): void {
  (window as unknown as Record<string, unknown>)[args.name] = args.value;
}
