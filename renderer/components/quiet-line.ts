/**
 * The line that says quiet hours hold, with a way to end them: at the top of the list, where it
 * scrolls away with the attention summary (the header's moon keeps saying so, pressed), so what
 * stays fixed over the list is the search row and the pinned headers.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { clockTime } from '../state/pin-actions';
import { moonIcon } from './icons';

/** Quiet hours' end while they hold, else null. */
export function quietEnd(until: number | null, now: number): number | null {
  return until !== null && until > now ? until : null;
}

export function renderQuietLine(
  until: number | null,
  onEnd: () => void,
): TemplateResult | typeof nothing {
  if (until === null) return nothing;
  return html`<div class="quiet-line" role="status">
    ${moonIcon}<span>Notifications off until ${clockTime(until)}</span>
    <button class="btn small" @click=${onEnd}>Turn on</button>
  </div>`;
}

export const quietLineStyles = css`
  .quiet-line {
    display: flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
    padding: 8px 10px 0 14px;
    color: var(--tt-muted);
    font-size: 12px;
  }
  .quiet-line .icon {
    flex: none;
    width: 14px;
    height: 14px;
    color: var(--tt-accent);
  }
  .quiet-line span {
    flex: 1;
    min-width: 0;
  }
  .quiet-line .btn {
    flex: none;
  }
`;
