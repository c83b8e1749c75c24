/**
 * The seam to ./child-rows-part.ts (the rows under a team, the bulk bar and their styles): not
 * in the first script, loaded the first time a row of it is drawn, and right after the first
 * teams are laid out (the list asks: ./tt-team-list.ts), so a team opened by hand finds it in.
 *
 * Until it is in, each such row is a placeholder with the row's key (the window counts and the
 * focus finds it): the first under a team says "Loading…" on one line, the others take no room
 * (./lazy-rows.styles.ts). The module arriving is a signal; the list, a SignalWatcher that read
 * it, draws again, and ChildRowStylesController adopts the part's styles into the list's shadow
 * root in that same update, before the frame is painted. What must not wait for it awaits
 * loadChildRows() (a probe, a test).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { html, type TemplateResult } from 'lit';
import type { Row } from '../state/rows';
import type * as ChildRowsPart from './child-rows-part';
import { lazyModule } from './lazy-module';

export type ChildRowsModule = typeof ChildRowsPart;

const part = lazyModule<ChildRowsModule>(() => import('./child-rows-part'));
const { loaded } = part;

export function loadChildRows(): Promise<void> {
  return part.load();
}

/**
 * The part if it is in, or null; not a subscription: what reads it draws nothing of the part (the
 * rows' controllers), so the part's coming redraws no list that has none of its rows.
 */
export function childRowsLoaded(): ChildRowsModule | null {
  return loaded.peek();
}

/** The part, or null until it is in (asked for here; the caller drew a placeholder). */
export function childRowsPart(): ChildRowsModule | null {
  const module = loaded.value;
  if (module === null) loadChildRows().catch(() => undefined);
  return module;
}

/** A row of the part before the part is in: its key and kind, "Loading…" (styled to show once). */
export function renderRowLoading(row: Row): TemplateResult {
  return html`<div
    class="row child-loading"
    role="listitem"
    data-kind=${row.kind}
    data-key=${row.key}
  >
    Loading…
  </div>`;
}

/** Adopts the part's styles into the host's shadow root once the part is in, before its paint. */
export class ChildRowStylesController implements ReactiveController {
  private adopted = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.adopted) return;
    const module = loaded.peek();
    const root = this.host.shadowRoot;
    if (module === null || root === null) return;
    this.adopted = true;
    root.adoptedStyleSheets = [
      ...root.adoptedStyleSheets,
      ...module.childRowSheets.flatMap((sheet) => sheet.styleSheet ?? []),
    ];
  }
}
