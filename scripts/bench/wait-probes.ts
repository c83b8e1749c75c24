/**
 * Code that runs inside the popover page for the waits a user has (./wait-figures.ts), like
 * ./page-probes.ts: each function is self-contained, since Playwright sends its source text.
 *
 * Hiding. In the app the popover's window is loaded hidden and shown on a click: Chromium then
 * reports `document.visibilityState` 'hidden', fires `visibilitychange`, and renders no frame
 * (no requestAnimationFrame, style, layout or paint) while the page's tasks (IPC pushes, Lit's
 * updates) still run. A page driven by Playwright stays visible whatever is tried: minimizing its
 * window, another tab in front, Page.setWebLifecycleState('frozen') (all tried on Chromium 156,
 * headless and headful under Xvfb; Playwright keeps every page "active" by design). So the bench
 * emulates it: `installVisibility` (an init script) makes `visibilityState` and `hidden` report
 * the bench's value and fires `visibilitychange`, and skips the rendering of the page's body
 * with `content-visibility: hidden` while hidden, so that the pushes change the DOM but nothing
 * is styled, laid out or painted until the show. requestAnimationFrame still runs while hidden
 * (the renderer uses it only to start avatar requests, which fail at once here).
 */

/** What the list must show after the show (./wait-figures.ts computes it with the renderer's Store). */
export interface ShowExpectation {
  /** The keys of the first rows of the list: every row shown must be one of them. */
  readonly firstKeys: readonly string[];
  /** The changed teams (renamed, or whose instances changed): their name and summary parts. */
  readonly teams: Readonly<
    Record<string, { readonly name: string; readonly parts: readonly string[] }>
  >;
}

/**
 * The init script: the page's visibility as the bench sets it (window.__benchSetVisible);
 * `hidden`: the page loads hidden, as the app's popover does (its rendering is not skipped before
 * the first show: the body does not exist yet when this runs).
 */
export function installVisibility(hidden = false): void {
  let state: DocumentVisibilityState = hidden ? 'hidden' : 'visible';
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => state,
  });
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true,
    get: () => state === 'hidden',
  });
  Object.defineProperty(window, '__benchSetVisible', {
    value: (visible: boolean) => {
      state = visible ? 'visible' : 'hidden';
      document.body.style.contentVisibility = visible ? '' : 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
  });
}

export function hideProbe(): string {
  const set = (window as { __benchSetVisible?: (visible: boolean) => void }).__benchSetVisible;
  if (set === undefined) throw new Error('the visibility emulation is not in the page');
  set(false);
  return document.visibilityState;
}

/** Pushes that reached the page, and those handed over to its listeners (./bridge-page.ts). */
export function deliveredProbe(): { readonly arrived: number; readonly settled: number } {
  const counts = (window as { __benchDelivered?: { arrived: number; settled: number } })
    .__benchDelivered;
  if (counts === undefined) throw new Error('the bench bridge is not in the page');
  return counts;
}

/**
 * Shows the hidden page at the start of a frame (as the keystroke probes type) and returns ms
 * until the end of the first frame whose list shows everything expected.
 */
export async function showProbe(args: {
  readonly expected: ShowExpectation;
  readonly timeoutMs: number;
}): Promise<{ readonly ms: number; readonly changedShown: number }> {
  const set = (window as { __benchSetVisible?: (visible: boolean) => void }).__benchSetVisible;
  if (set === undefined) throw new Error('the visibility emulation is not in the page');
  const list = (): ShadowRoot | null | undefined =>
    document.querySelector('tt-app')?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
  const frameEnd = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );
  const text = (element: Element | null): string =>
    (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const allowed = new Set(args.expected.firstKeys);
  /** The changed team rows shown, or -1 while the list does not show what it must. */
  const changedShown = (): number => {
    const root = list();
    if (root === null || root === undefined) return -1;
    const rows = [...root.querySelectorAll<HTMLElement>('.row[data-key]')];
    if (rows.length === 0 || !rows.every((row) => allowed.has(row.dataset.key ?? ''))) return -1;
    let changed = 0;
    for (const row of rows) {
      const want = args.expected.teams[row.dataset.key ?? ''];
      if (want === undefined) continue;
      if (text(row.querySelector('.name')) !== want.name) return -1;
      const parts = [...row.querySelectorAll('.part-text')].map(text);
      if (parts.join('|') !== want.parts.join('|')) return -1;
      changed += 1;
    }
    return changed > 0 ? changed : -1;
  };
  // The layout must really show it: a row skipped by content-visibility has no box.
  const laidOut = (): boolean => {
    const row = list()?.querySelector('.row[data-key]');
    return row !== null && row !== undefined && row.getBoundingClientRect().height > 0;
  };

  await frameEnd();
  const { start, end: firstEnd } = await new Promise<{ start: number; end: number }>((resolve) =>
    requestAnimationFrame(() => {
      const begin = performance.now();
      set(true);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        resolve({ start: begin, end: performance.now() });
      };
      channel.port2.postMessage(null);
    }),
  );
  let end = firstEnd;
  let shown = changedShown();
  while (shown < 0 || !laidOut()) {
    if (end - start > args.timeoutMs) {
      const rows = [...(list()?.querySelectorAll<HTMLElement>('.row[data-key]') ?? [])].slice(0, 4);
      const seen = rows.map((row) => `${row.dataset.key ?? '?'}: ${text(row)}`);
      throw new Error(
        `after the show the list never showed the refresh (shows ${JSON.stringify(seen)})`,
      );
    }
    end = await frameEnd();
    shown = changedShown();
  }
  return { ms: end - start, changedShown: shown };
}

/**
 * Opens each team of `teamKeys` in turn (its chevron), clicks Stop on `countEach` of its running
 * instances one after the other, and closes it again; returns ms from each click to the end of
 * the first frame whose row says "Stopping…". Each click is a mouse's: its press focuses the
 * button (as Chromium does on mousedown) a frame before, and the click is dispatched at the start
 * of a frame (the frame model of ./page-probes.ts). Before, the click alone left the focus where
 * it was (on the last row stopped), and only each team's first Stop met the focus hand-over.
 */
export async function stopProbe(args: {
  readonly teamKeys: readonly string[];
  readonly countEach: number;
  readonly timeoutMs: number;
}): Promise<number[]> {
  const root = document
    .querySelector('tt-app')
    ?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
  if (root === null || root === undefined) throw new Error('no team list in the page');
  const frameEnd = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );
  const stopButton = (row: Element): HTMLButtonElement | null =>
    row.querySelector<HTMLButtonElement>('button[aria-label^="Stop "][aria-disabled="false"]');
  const stoppable = (): HTMLElement[] =>
    [...root.querySelectorAll<HTMLElement>('.row[data-kind="instance"]')].filter(
      (row) => stopButton(row) !== null,
    );
  const durations: number[] = [];
  for (const teamKey of args.teamKeys) {
    const teamRow = (): HTMLElement | null =>
      root.querySelector<HTMLElement>(`.row.team[data-key="${CSS.escape(teamKey)}"]`);
    const expander = (): HTMLButtonElement | null =>
      teamRow()?.querySelector<HTMLButtonElement>('button.expander') ?? null;
    if (expander()?.getAttribute('aria-expanded') !== 'true') expander()?.click();
    // Its instance rows load after the click (a busy machine may take a while): wait for them.
    const openedBy = performance.now() + args.timeoutMs;
    while (stoppable().length < args.countEach && performance.now() < openedBy) await frameEnd();
    if (stoppable().length < args.countEach) {
      throw new Error(`the team ${teamKey} shows fewer than ${args.countEach} instances to stop`);
    }
    for (let index = 0; index < args.countEach; index += 1) {
      await frameEnd();
      await frameEnd();
      const target = stoppable()[0];
      const key = target?.dataset.key;
      if (target === undefined || key === undefined) throw new Error('no instance left to stop');
      const button = stopButton(target);
      if (button === null) throw new Error(`no Stop on ${key}`);
      // The press: the pointer over the row shows its buttons (here its focus, which shows them
      // too: the hover cannot be made by script), and the press focuses the button.
      target.focus({ preventScroll: true });
      button.focus({ preventScroll: true, focusVisible: false });
      if (!button.matches(':focus')) throw new Error(`the Stop of ${key} took no focus`);
      await frameEnd();
      const state = (): string =>
        root
          .querySelector(`.row[data-key="${CSS.escape(key)}"] .child-state`)
          ?.textContent.trim() ?? '';
      const { start, end: firstEnd } = await new Promise<{ start: number; end: number }>(
        (resolve) =>
          requestAnimationFrame(() => {
            const begin = performance.now();
            button.click();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              resolve({ start: begin, end: performance.now() });
            };
            channel.port2.postMessage(null);
          }),
      );
      let end = firstEnd;
      while (state() !== 'Stopping…') {
        if (end - start > args.timeoutMs) {
          throw new Error(`"Stopping…" never showed for ${key} (it says "${state()}")`);
        }
        end = await frameEnd();
      }
      durations.push(end - start);
    }
    expander()?.click();
    await frameEnd();
  }
  return durations;
}

/**
 * The DOM's own floor of a Stop (as ./floor-probes.ts is the filter's and the rename's): opens
 * each team of `teamKeys` and, on `countEach` of its instances in turn, presses Stop (Start on a
 * stopped one) as stopProbe does, then at the start of a frame does by hand, with no script of Teamtray's, the
 * DOM work the app's click does in that frame: the row takes the focus from its button, its dot
 * and state say "Stopping…" (with the spinner), its lifecycle buttons and its last-action line
 * go, its label says so. Returns ms from there to the end of that frame. The rows changed this
 * way are no longer Lit's to update: each team is closed after (its rows leave the DOM), and the
 * teams must be ones nothing else looks at.
 */
export async function stopFloorProbe(args: {
  readonly teamKeys: readonly string[];
  readonly countEach: number;
  readonly timeoutMs: number;
}): Promise<number[]> {
  const root = document
    .querySelector('tt-app')
    ?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
  if (root === null || root === undefined) throw new Error('no team list in the page');
  const frameEnd = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );
  // A stopped instance's Start does as well: the by-hand work is the same, and the runs after the
  // first find these teams' instances flipped by changeOnServers (./wait-figures.ts).
  const stopButton = (row: Element): HTMLButtonElement | null =>
    row.querySelector<HTMLButtonElement>(
      'button[aria-label^="Stop "][aria-disabled="false"], button[aria-label^="Start "][aria-disabled="false"]',
    );
  const durations: number[] = [];
  for (const teamKey of args.teamKeys) {
    const expander = (): HTMLButtonElement | null =>
      root.querySelector<HTMLButtonElement>(
        `.row.team[data-key="${CSS.escape(teamKey)}"] button.expander`,
      );
    // The app's own Stops may have scrolled the list: the teams are at its top. The team's row
    // goes to the top of the view, so that the rows under it are drawn once it opens.
    const scroller = root.querySelector<HTMLElement>('.scroller');
    if (scroller !== null) scroller.scrollTop = 0;
    const shownBy = performance.now() + args.timeoutMs;
    while (expander() === null && performance.now() < shownBy) await frameEnd();
    const teamRow = expander()?.closest('.row');
    if (scroller !== null && teamRow !== null && teamRow !== undefined) {
      scroller.scrollTop +=
        teamRow.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      await frameEnd();
      await frameEnd();
    }
    if (expander()?.getAttribute('aria-expanded') !== 'true') expander()?.click();
    const prefix = `${teamKey}/i/`;
    const stoppable = (): HTMLElement[] =>
      [...root.querySelectorAll<HTMLElement>('.row[data-kind="instance"]')].filter(
        (row) => (row.dataset.key ?? '').startsWith(prefix) && stopButton(row) !== null,
      );
    const openedBy = performance.now() + args.timeoutMs;
    while (stoppable().length < args.countEach && performance.now() < openedBy) await frameEnd();
    const rows = stoppable().slice(0, args.countEach);
    if (rows.length < args.countEach) {
      throw new Error(`the team ${teamKey} shows fewer than ${args.countEach} instances to act on`);
    }
    for (const row of rows) {
      await frameEnd();
      await frameEnd();
      const button = stopButton(row);
      if (button === null) throw new Error(`no Stop on ${row.dataset.key ?? '?'}`);
      row.focus({ preventScroll: true });
      button.focus({ preventScroll: true, focusVisible: false });
      await frameEnd();
      const spinner = document.createElement('span');
      spinner.className = 'spinner mini';
      spinner.setAttribute('aria-hidden', 'true');
      durations.push(
        await new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const start = performance.now();
            row.focus({ preventScroll: true });
            row.querySelector('.dot')?.setAttribute('class', 'dot busy');
            const state = row.querySelector('.child-state');
            state?.setAttribute('class', 'child-state tone-text busy');
            state?.replaceChildren(spinner, 'Stopping…');
            for (const gone of row.querySelectorAll(
              '.child-actions button[aria-label^="Restart "], .child-actions button[aria-label^="Stop "], .child-actions button[aria-label^="Suspend "], .child-actions button[aria-label^="Start "]',
            )) {
              gone.remove();
            }
            row.querySelector('.last-action')?.remove();
            row.setAttribute(
              'aria-label',
              (row.getAttribute('aria-label') ?? '').replace(', running', ', stopping'),
            );
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              resolve(performance.now() - start);
            };
            channel.port2.postMessage(null);
          }),
        ),
      );
    }
    expander()?.click();
    await frameEnd();
    await frameEnd();
  }
  return durations;
}
