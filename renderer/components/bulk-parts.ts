/**
 * The parts of a bulk action on screen: the box that picks an instance (over its state's dot,
 * shown on hover, focus, or while anything is picked), and the bar under the list: how many are
 * picked and what to do with them, or main's summary of the last bulk action.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { bulkSummary, bulkVerb, type BulkRun } from '../../common/bulk';
import { INSTANCE_ACTIONS, type InstanceAction } from '../../common/runtime';
import type { InstanceRow } from '../state/runtime-rows';
import { closeIcon, restartIcon } from './icons';
import { playIcon, stopIcon, suspendIcon } from './part-icons';

const tick = svg`<path d="m5 12.5 4.5 4.5L19 7.5" />`;

/**
 * The picking box of an instance row: a checkbox for screen readers, its name the instance's.
 * Out of the Tab order (Space on the row picks it): Tab still goes from the row to its Editor.
 */
export function renderSelectBox(
  row: InstanceRow,
  selected: boolean,
  onSelect: (row: InstanceRow, event: MouseEvent) => void,
): TemplateResult {
  return html`<button
    class="select-box${selected ? ' on' : ''}"
    role="checkbox"
    aria-checked=${selected ? 'true' : 'false'}
    aria-label=${`Select ${row.instance.name}`}
    title="Select it for Restart, Start, Stop or Suspend with others (Space; Shift for a range)"
    tabindex="-1"
    @click=${(event: MouseEvent) => {
      onSelect(row, event);
    }}
  >
    <svg
      viewBox="0 0 24 24"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      stroke-width="3"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      ${tick}
    </svg>
  </button>`;
}

const ICON: { readonly [A in InstanceAction]: TemplateResult } = {
  start: playIcon,
  restart: restartIcon,
  stop: stopIcon,
  suspend: suspendIcon,
};

export interface BulkBarContext {
  /** How many instances are picked. */
  readonly count: number;
  /** Crashed instances not picked yet (Select all crashed). */
  readonly crashedLeft: number;
  /** Main's last bulk action, unless closed. */
  readonly run: BulkRun | null;
  /** Why the last one did not start; '' when none. */
  readonly note: string;
  readonly onAction: (action: InstanceAction) => void;
  readonly onSelectCrashed: () => void;
  readonly onClear: () => void;
  readonly onCloseSummary: (run: BulkRun) => void;
}

/** The bar under the list; nothing when nothing is picked, said or summed up. */
export function renderBulkBar(ctx: BulkBarContext): TemplateResult | typeof nothing {
  const { run } = ctx;
  if (ctx.count === 0 && run === null && ctx.note === '') return nothing;
  return html`<div class="bulk-bar" role="region" aria-label="Selected instances">
    ${run === null ? nothing : renderSummary(run, ctx)}
    ${ctx.note === '' ? nothing : html`<p class="bulk-note">${ctx.note}</p>`}
    ${ctx.count === 0 ? nothing : renderPicked(ctx)}
  </div>`;
}

function renderSummary(run: BulkRun, ctx: BulkBarContext): TemplateResult {
  const busy = run.finishedAt === null;
  return html`<div class="bulk-summary${busy ? '' : ' done'}">
    ${busy ? html`<span class="spinner mini" aria-hidden="true"></span>` : nothing}
    <span class="bulk-summary-text">${bulkSummary(run)}</span>
    ${
      busy
        ? nothing
        : html`<button
            class="icon-btn small"
            aria-label="Close the summary"
            title="Close the summary"
            @click=${() => {
              ctx.onCloseSummary(run);
            }}
          >
            ${closeIcon}
          </button>`
    }
  </div>`;
}

/**
 * One compact line: how many, the four actions, Clear; it wraps where it must (Select all
 * crashed, then Clear, go to the next line first). On a narrow bar (260 px, 150 % text) the
 * actions show their icons only: their names stay theirs (aria-label) and their titles say them.
 */
function renderPicked(ctx: BulkBarContext): TemplateResult {
  return html`<div class="bulk-picked">
    <span class="bulk-count">${String(ctx.count)} selected</span>
    <div class="bulk-actions" role="group" aria-label="Act on the selected instances">
      ${INSTANCE_ACTIONS.map(
        (action) =>
          html`<button
            class="btn small bulk-action"
            aria-label=${bulkVerb(action)}
            title=${`${bulkVerb(action)} every selected instance (asks first)`}
            @click=${() => {
              ctx.onAction(action);
            }}
          >
            ${ICON[action]}<span class="bulk-word" aria-hidden="true">${bulkVerb(action)}</span>
          </button>`,
      )}
    </div>
    <span class="bulk-tail">
      ${
        ctx.crashedLeft === 0
          ? nothing
          : html`<button class="btn small" @click=${ctx.onSelectCrashed}>
              Select all crashed
            </button>`
      }
      <button class="btn small" @click=${ctx.onClear}>Clear</button>
    </span>
  </div>`;
}
