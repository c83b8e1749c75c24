/** A team's runtime summary under its name: a dot and words per part ("6 instances · 1 crashed"). */
import { html, nothing, type TemplateResult } from 'lit';
import { partText, type SummaryPart } from '../state/team-summary';

export function renderRuntimeSummary(parts: readonly SummaryPart[]): TemplateResult {
  return html`<span class="summary"
    >${parts.map(
      (part) =>
        html`<span
          class="part ${part.tone}${part.qualifier === undefined ? ' sentence' : ''}"
          title=${part.detail ?? partText(part)}
          ><span class="dot ${part.tone}" aria-hidden="true"></span
          ><span class="part-text"
            >${part.text}${
              part.qualifier === undefined
                ? nothing
                : html` · <span class="qualifier">${part.qualifier}</span>`
            }</span
          ></span
        >`,
    )}</span
  >`;
}
