/**
 * Code that runs inside the popover page (page.evaluate). Each probe is self-contained: Playwright
 * sends its source text, so it may use nothing from this module or its imports.
 *
 * Timing model, for the filter and the rename: the input is dispatched at the start of a frame (in
 * a requestAnimationFrame callback, as a keystroke that arrived just before the frame), and the
 * figure ends at the end of the first frame whose DOM shows the result: a MessageChannel task
 * posted from that frame's rAF callback runs once the frame's work (Lit updates, style, layout,
 * the list's re-measure passes, paint) is done. A figure of 16 ms or less means the
 * update fits in the frame it was typed in, whatever the moment of the keystroke.
 */

export interface FilterStep {
  /** The search box's whole value after this keystroke. */
  readonly value: string;
  /** The data-key of the first account header shown, or null when nothing matches. */
  readonly firstAccountKey: string | null;
  /** That header's team count as the renderer words it ("11 of 200 teams", "200 teams"). */
  readonly headerText: string | null;
  /** The keys of the first rows the list must show (more than fit in the popover). */
  readonly firstKeys: readonly string[];
}

export interface RenameProbeResult {
  readonly key: string;
  /** The name it was given. */
  readonly name: string;
  readonly optimisticMs: number;
  readonly roundtripMs: number;
}

/** Types each value into the search box; returns one duration per keystroke, in ms. */
export async function filterProbe(args: {
  readonly steps: readonly FilterStep[];
  readonly timeoutMs: number;
  /** A window property: once it is true, no further keystroke is typed (./refresh-figures.ts). */
  readonly stopWhen?: string;
}): Promise<number[]> {
  const app = document.querySelector('tt-app');
  const input = app?.shadowRoot
    ?.querySelector('tt-header')
    ?.shadowRoot?.querySelector<HTMLInputElement>('input[type="search"]');
  const list = (): ShadowRoot | null | undefined =>
    app?.shadowRoot?.querySelector('tt-team-list')?.shadowRoot;
  if (input === null || input === undefined) throw new Error('no search box in the page');

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
  const inFrame = (action: () => void): Promise<{ start: number; end: number }> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const start = performance.now();
        action();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve({ start, end: performance.now() });
        };
        channel.port2.postMessage(null);
      }),
    );
  const shows = (step: FilterStep): boolean => {
    const root = list();
    if (root === null || root === undefined) return false;
    if (step.firstAccountKey === null) return root.querySelector('.empty') !== null;
    const header = root.querySelector(
      `.row.account[data-key="${CSS.escape(step.firstAccountKey)}"]`,
    );
    if (header === null) return false;
    const counts = [...header.querySelectorAll('span')].map((span) => span.textContent.trim());
    if (!counts.includes(step.headerText ?? '')) return false;
    // Every row shown must be one of the first rows of the filtered list.
    const expected = new Set(step.firstKeys);
    const shown = [...root.querySelectorAll<HTMLElement>('.row[data-key]')];
    return shown.length > 0 && shown.every((row) => expected.has(row.dataset.key ?? ''));
  };

  const durations: number[] = [];
  let previous = input.value;
  const stopped = (): boolean =>
    args.stopWhen !== undefined &&
    (window as unknown as Record<string, unknown>)[args.stopWhen] === true;
  for (const step of args.steps) {
    // Let the last keystroke's idle work finish, as between two real keystrokes.
    await frameEnd();
    await frameEnd();
    if (stopped()) break;
    const deleting = step.value.length < previous.length;
    const typed = deleting ? null : step.value.slice(previous.length);
    const { start, end: firstEnd } = await inFrame(() => {
      input.value = step.value;
      input.dispatchEvent(
        new InputEvent('input', {
          bubbles: true,
          composed: true,
          inputType: deleting ? 'deleteContentBackward' : 'insertText',
          data: typed,
        }),
      );
    });
    let end = firstEnd;
    while (!shows(step)) {
      if (end - start > args.timeoutMs) {
        const rows = [...(list()?.querySelectorAll<HTMLElement>('.row') ?? [])].slice(0, 3);
        const seen = rows.map((row) => `${row.dataset.key ?? '?'}: ${row.textContent.trim()}`);
        throw new Error(
          `the list did not show the results for "${step.value}" (expected ${JSON.stringify(step)}; shows ${JSON.stringify(seen)})`,
        );
      }
      end = await frameEnd();
    }
    durations.push(end - start);
    previous = step.value;
  }
  return durations;
}

/**
 * Renames teams as a user does, one after the other: the row's Rename button, the new name typed,
 * then Enter; one result per name in `names`. Each rename takes the next team the user may rename
 * among the rows drawn (going round them again when there are fewer than names), once the one
 * before is confirmed. Optimistic: from Enter (dispatched at the start of a frame) to the end of
 * the first frame whose row shows the new name. Round trip: until it shows it confirmed (main
 * answered and the row is no longer pending).
 */
export async function renameProbe(args: {
  readonly names: readonly string[];
  readonly timeoutMs: number;
}): Promise<RenameProbeResult[]> {
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
  const renameButton = (row: Element): HTMLButtonElement | null =>
    row.querySelector<HTMLButtonElement>('button[aria-label^="Rename"]');
  const keys = [...root.querySelectorAll<HTMLElement>('.row.team:not(.pinned)')]
    .filter((row) => renameButton(row)?.getAttribute('aria-disabled') === 'false')
    .map((row) => row.dataset.key)
    .filter((key): key is string => key !== undefined);
  if (keys.length === 0) throw new Error('no team that may be renamed');

  const results: RenameProbeResult[] = [];
  for (const [turn, newName] of args.names.entries()) {
    const key = keys[turn % keys.length] ?? '';
    const row = (): HTMLElement | null =>
      root.querySelector<HTMLElement>(`.row.team:not(.pinned)[data-key="${CSS.escape(key)}"]`);
    // Let the last rename's idle work finish, as between two renames by hand.
    await frameEnd();
    await frameEnd();
    const target = row();
    if (target === null) throw new Error(`the team ${key} is no longer drawn`);
    renameButton(target)?.click();

    let editor: HTMLInputElement | null = null;
    const openedBy = performance.now() + args.timeoutMs;
    while (editor === null && performance.now() < openedBy) {
      await frameEnd();
      editor = row()?.querySelector<HTMLInputElement>('input.editor') ?? null;
    }
    if (editor === null) throw new Error('the rename editor did not open');
    const field = editor;
    field.value = newName;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await frameEnd();
    await frameEnd();

    const shown = (): boolean => row()?.querySelector('.name')?.textContent === newName;
    const confirmed = (): boolean => shown() && row()?.classList.contains('pending') === false;
    const { start, end: firstEnd } = await new Promise<{ start: number; end: number }>((resolve) =>
      requestAnimationFrame(() => {
        const begin = performance.now();
        field.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: 'Enter',
            code: 'Enter',
            bubbles: true,
            composed: true,
            cancelable: true,
          }),
        );
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve({ start: begin, end: performance.now() });
        };
        channel.port2.postMessage(null);
      }),
    );
    let optimisticEnd = firstEnd;
    while (!shown()) {
      if (optimisticEnd - start > args.timeoutMs) throw new Error('the new name never showed');
      optimisticEnd = await frameEnd();
    }
    let confirmedEnd = optimisticEnd;
    while (!confirmed()) {
      if (confirmedEnd - start > args.timeoutMs) throw new Error('the rename was never confirmed');
      confirmedEnd = await frameEnd();
    }
    results.push({
      key,
      name: newName,
      optimisticMs: optimisticEnd - start,
      roundtripMs: confirmedEnd - start,
    });
  }
  return results;
}
