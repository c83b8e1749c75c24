/**
 * The line above the list when something needs the user, on any account ("1 instance crashed ·
 * 1 account needs a new token"). One press shows only what needs attention, the next shows
 * everything again; while it filters, it says so and stays, even once nothing is left.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { attentionText, type AttentionCounts } from '../../common/attention';
import { filterIcon, restartIcon, warnIcon } from './icons';

/** What may be done with every crashed instance at once (bulk actions). */
export interface CrashedActions {
  readonly onSelect: () => void;
  readonly onRestart: () => void;
}

export function renderAttentionBar(
  counts: AttentionCounts,
  filtered: boolean,
  onToggle: () => void,
  crashed?: CrashedActions,
): TemplateResult | typeof nothing {
  const text = attentionText(counts);
  if (text === '' && !filtered) return nothing;
  return html`<div class="attention-wrap">
    <button
      class="attention ${filtered ? 'on' : ''}"
      aria-pressed=${filtered ? 'true' : 'false'}
      title=${filtered ? 'Show every team again' : 'Show only what needs attention'}
      @click=${onToggle}
    >
      ${filtered ? filterIcon : warnIcon}
      <span class="attention-text">
        ${filtered ? html`<strong>Only what needs attention:</strong> ` : nothing}${
          text === '' ? 'nothing left' : text
        }
      </span>
      <span class="attention-action">${filtered ? 'Show all' : 'Show'}</span>
    </button>
    ${crashed === undefined || counts.crashed === 0 ? nothing : renderCrashed(counts, crashed)}
  </div>`;
}

/**
 * Under the summary while it filters the list and some instance crashed: pick them all, or
 * restart them all (not before: the line would push every row down on each crash).
 */
function renderCrashed(counts: AttentionCounts, crashed: CrashedActions): TemplateResult {
  const n = counts.crashed;
  return html`<div class="attention-crashed">
    <button class="btn small" @click=${crashed.onSelect}>Select all crashed</button>
    <button
      class="btn small"
      title=${`Restart the ${n === 1 ? 'crashed instance' : `${String(n)} crashed instances`} (asks first)`}
      @click=${crashed.onRestart}
    >
      ${restartIcon}Restart all crashed
    </button>
  </div>`;
}
