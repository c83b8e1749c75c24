/** The system's own words for an error (ECONNREFUSED, a page's title), folded under "Details". */
import { html, nothing, type TemplateResult } from 'lit';

export function renderErrorDetails(detail: string | undefined): TemplateResult | typeof nothing {
  return detail === undefined
    ? nothing
    : html`<details>
        <summary>Details</summary>
        <code>${detail}</code>
      </details>`;
}
