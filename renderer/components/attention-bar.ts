/**
 * The line above the list when something needs the user, on any account ("1 instance crashed ·
 * 1 account needs a new token"). One press shows only what needs attention, the next shows
 * everything again; while it filters, it says so and stays, even once nothing is left.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { attentionText, type AttentionCounts } from '../../common/attention';
import { filterIcon, warnIcon } from './icons';

export function renderAttentionBar(
  counts: AttentionCounts,
  filtered: boolean,
  onToggle: () => void,
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
  </div>`;
}
