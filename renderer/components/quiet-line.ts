/**
 * The line that says quiet hours hold, with a way to end them: at the top of the list, where it
 * scrolls away with the attention summary (the header's moon keeps saying so, pressed), so what
 * stays fixed over the list is the search row and the pinned headers. "Quiet until 8:00 · Notify
 * now", in the user's clock format, whether the moon's one-off or the schedule in Settings holds
 * (common/pins.ts's quietEnd, which main's notifications ask too).
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { quietEnd as endOfQuiet, type QuietSettings } from '../../common/pins';
import { clockTimeFrom } from '../state/time';
import { moonIcon } from './icons';

/** Quiet hours' end while they hold, else null. */
export function quietEnd(settings: QuietSettings | null, now: number): number | null {
  return settings === null ? null : endOfQuiet(settings, now);
}

export function renderQuietLine(
  until: number | null,
  now: number,
  onEnd: () => void,
): TemplateResult | typeof nothing {
  if (until === null) return nothing;
  return html`<div class="quiet-line" role="status">
    ${moonIcon}<span>Quiet until ${clockTimeFrom(until, now)}</span>
    <button
      class="btn small"
      title="Notifications again now; a schedule is back with its next window"
      @click=${onEnd}
    >
      Notify now
    </button>
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
