/**
 * The state dots and state words of instances and devices, in the team summaries and the rows
 * under a team. A dot never speaks alone: words beside it always say the same thing.
 */
import { css } from 'lit';

export const runtimeStyles = css`
  .dot {
    flex: none;
    display: inline-block;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--tt-muted);
  }
  .dot.ok,
  .dot.online {
    background: var(--tt-ok);
  }
  .dot.busy {
    background: var(--tt-accent);
  }
  .dot.problem {
    background: var(--tt-danger);
  }
  .dot.offline,
  .dot.warning {
    background: var(--tt-warn);
  }
  /* Not running, never seen, not known: a ring, so grey reads as "nothing", not as a state. */
  .dot.idle,
  .dot.never,
  .dot.other,
  .dot.muted {
    background: transparent;
    box-shadow: inset 0 0 0 1.5px var(--tt-muted);
  }
  .summary {
    display: flex;
    flex-wrap: wrap;
    column-gap: 12px;
    color: var(--tt-muted);
    font-size: 12px;
  }
  .part {
    display: inline-flex;
    align-items: center;
    gap: 5px;
    min-width: 0;
    max-width: 100%;
  }
  /*
   * Wrapped, never cut, on a narrow popover (260 px, large OS text): the state words ("1 crashed")
   * are what the line is for, so they move to the next line whole.
   */
  .part-text {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .qualifier {
    white-space: nowrap;
  }
  /* A sentence in place of the counts ("Hidden for the Dashboard role") wraps rather than cut. */
  .part.sentence {
    align-items: flex-start;
  }
  .part.sentence .part-text {
    white-space: normal;
  }
  /* Level with the first line's middle (12 px text on about 17 px lines). */
  .part.sentence .dot {
    margin-top: calc(0.5lh - 4px);
  }
  /* Only the words that need the user take a colour: the count stays muted. */
  .part.problem .qualifier,
  .tone-text.problem {
    color: var(--tt-danger);
  }
  .part.offline .qualifier,
  .part.warning,
  .tone-text.offline,
  .tone-text.warning {
    color: var(--tt-warn);
  }
  .part.problem .qualifier,
  .part.offline .qualifier {
    font-weight: 600;
  }
  /* Green words fall below AA on a selected row: what is fine reads in the text colour. */
  .tone-text.ok,
  .tone-text.online {
    color: var(--tt-text);
  }
  .tone-text.busy {
    color: var(--tt-accent);
  }
`;
