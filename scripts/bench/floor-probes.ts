/**
 * Code that runs inside the popover page (page.evaluate), like ./page-probes.ts: self-contained,
 * since Playwright sends its source text.
 *
 * domFloorProbe measures what the DOM alone costs for the filter and the rename, with no Lit, no
 * rows derived and no store: the list's rendered DOM is copied into a plain shadow root (the same
 * adopted style sheets, the same size and place) and the real list is hidden; then each frame's
 * DOM work is done by hand, timed with the frame model of ./page-probes.ts (dispatched at the
 * start of a frame, until the end of that frame):
 *
 * - a filter keystroke: the scroller's rows made the ones the app itself rendered for that value
 *   (recorded first, by typing each value into the real search box), as a keyed list does: the
 *   rows whose markup is the same stay, the others are removed or inserted;
 * - a rename's Enter: a team row's editor replaced by its name, the row focused.
 *
 * Whatever an implementation of this DOM does in script, it pays at least this.
 */

import type { FilterStep } from './page-probes';

export interface DomFloorResult {
  /** One per filter value, ms. */
  readonly filterMs: number[];
  /** One per renamed row, ms. */
  readonly renameMs: number[];
}

export async function domFloorProbe(args: {
  /** What is typed, with what the list must show after each (./filter-steps.ts). */
  readonly steps: readonly FilterStep[];
  /** At most this many team rows are renamed: those the list's window holds. */
  readonly renames: number;
  /** Fewer team rows in the window than this, and the figure would say little. */
  readonly minRenames: number;
  /** How long the app may take to show a value's rows before they are recorded, ms. */
  readonly timeoutMs: number;
}): Promise<DomFloorResult> {
  const app = document.querySelector('tt-app')?.shadowRoot;
  const list = app?.querySelector<HTMLElement>('tt-team-list');
  const root = list?.shadowRoot;
  const input = app
    ?.querySelector('tt-header')
    ?.shadowRoot?.querySelector<HTMLInputElement>('input[type="search"]');
  if (list === null || list === undefined || root === null || root === undefined) {
    throw new Error('no team list in the page');
  }
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
  const inFrame = (action: () => void): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const start = performance.now();
        action();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now() - start);
        };
        channel.port2.postMessage(null);
      }),
    );
  // As ./page-probes.ts's filterProbe checks it: the list shows the rows the step expects.
  const shows = (step: FilterStep): boolean => {
    if (step.firstAccountKey === null) return root.querySelector('.empty') !== null;
    const header = root.querySelector(
      `.row.account[data-key="${CSS.escape(step.firstAccountKey)}"]`,
    );
    if (header === null) return false;
    const counts = [...header.querySelectorAll('span')].map((span) => span.textContent.trim());
    if (!counts.includes(step.headerText ?? '')) return false;
    const expected = new Set(step.firstKeys);
    const shown = [...root.querySelectorAll<HTMLElement>('.row[data-key]')];
    return shown.length > 0 && shown.every((row) => expected.has(row.dataset.key ?? ''));
  };
  // Typed, then recorded only once the app shows it (a busy machine takes more than a frame).
  const type = async (step: FilterStep): Promise<void> => {
    input.value = step.value;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    const until = performance.now() + args.timeoutMs;
    do {
      await frameEnd();
      if (performance.now() > until) {
        throw new Error(`the list did not show the results for "${step.value}"`);
      }
    } while (!shows(step));
    await frameEnd();
  };
  const parse = (markup: string): DocumentFragment => {
    const template = document.createElement('template');
    template.innerHTML = markup;
    return template.content;
  };

  // The popover's CSP drops style attributes from parsed markup: the pads' heights (set through
  // the CSSOM by the list) are carried over the same way.
  const padHeights = (from: ParentNode): string[] =>
    [...from.querySelectorAll<HTMLElement>('.pad')].map((pad) => pad.style.height);
  const setPads = (to: ParentNode, heights: readonly string[]): void => {
    to.querySelectorAll<HTMLElement>('.pad').forEach((pad, index) => {
      pad.style.height = heights[index] ?? '0px';
    });
  };
  // What the app renders for each value, element by element with its markup (no match renders
  // no scroller: nothing to put in it).
  interface Rendered {
    readonly children: readonly { readonly html: string; readonly element: Element }[];
    readonly pads: string[];
  }
  const elementsOf = (markup: string): Rendered['children'] =>
    [...parse(markup).children].map((element) => ({ html: element.outerHTML, element }));
  const rendered: Rendered[] = [];
  for (const step of args.steps) {
    await type(step);
    // The rows' own container (the scroller also holds the lead above them).
    const scroller = root.querySelector('.rows');
    rendered.push({
      children: elementsOf(scroller?.innerHTML ?? ''),
      pads: scroller === null ? [] : padHeights(scroller),
    });
  }
  const unfilteredStep = args.steps.find((step) => step.value === '');
  if (unfilteredStep === undefined) throw new Error('no step clears the search box');
  await type(unfilteredStep);

  const rect = list.getBoundingClientRect();
  const host = document.createElement('div');
  host.style.cssText = `display:block;position:fixed;left:${String(rect.left)}px;top:${String(rect.top)}px;width:${String(rect.width)}px;height:${String(rect.height)}px;overflow:hidden`;
  const copy = host.attachShadow({ mode: 'open' });
  copy.adoptedStyleSheets = root.adoptedStyleSheets;
  const unfiltered = root.innerHTML;
  const unfilteredPads = padHeights(root);
  copy.replaceChildren(parse(unfiltered));
  setPads(copy, unfilteredPads);
  list.style.display = 'none';
  document.body.append(host);
  try {
    const scroller = copy.querySelector<HTMLElement>('.rows');
    if (scroller === null) throw new Error('no rows in the copy');
    // As a keyed list does: a row whose markup is unchanged stays where it is; the others are
    // removed, or inserted as copies of the app's (a row that changed at all is replaced whole).
    let current = [...scroller.children].map((element) => ({ html: element.outerHTML, element }));
    const filterMs: number[] = [];
    for (const { children, pads } of rendered) {
      await frameEnd();
      await frameEnd();
      const kept = new Map(current.map(({ html, element }) => [html, element]));
      let next: { readonly html: string; readonly element: Element }[] = [];
      filterMs.push(
        await inFrame(() => {
          next = children.map(({ html, element }) => {
            const same = kept.get(html);
            kept.delete(html);
            return { html, element: same ?? (element.cloneNode(true) as Element) };
          });
          for (const gone of kept.values()) gone.remove();
          let cursor = scroller.firstElementChild;
          for (const { element } of next) {
            if (element === cursor) cursor = cursor.nextElementSibling;
            else scroller.insertBefore(element, cursor);
          }
          setPads(scroller, pads);
        }),
      );
      current = next;
    }

    copy.replaceChildren(parse(unfiltered));
    setPads(copy, unfilteredPads);
    await frameEnd();
    await frameEnd();
    const renameMs: number[] = [];
    // The team rows in the list's flow (not the pinned copy over it), each with its name.
    const rows = [...copy.querySelectorAll<HTMLElement>('.row.team:not(.pinned)')]
      .map((row) => ({ row, name: row.querySelector<HTMLElement>('.name') }))
      .filter((found): found is { row: HTMLElement; name: HTMLElement } => found.name !== null)
      .slice(0, args.renames);
    for (const { row, name } of rows) {
      const editor = document.createElement('input');
      editor.className = 'editor';
      editor.value = 'Renamed team';
      row.classList.add('editing');
      name.replaceWith(editor);
      editor.focus();
      await frameEnd();
      await frameEnd();
      renameMs.push(
        await inFrame(() => {
          const shown = name.cloneNode(false);
          shown.textContent = 'Renamed team';
          row.classList.remove('editing');
          row.classList.add('pending');
          row.tabIndex = 0;
          row.focus();
          editor.replaceWith(shown);
        }),
      );
    }
    if (renameMs.length < args.minRenames) {
      throw new Error(`${renameMs.length} team rows in the window, fewer than ${args.minRenames}`);
    }
    return { filterMs, renameMs };
  } finally {
    host.remove();
    list.style.display = '';
  }
}
