/** The picking box over an instance's dot and the bar under the list (bulk-parts.ts). */
import { css } from 'lit';

export const bulkStyles = css`
  /*
   * Over the state's dot, where the eye already is: shown while the row is pointed at or
   * focused, while anything is picked, and when it is picked; otherwise see-through but there
   * (a screen reader and a click still find it).
   */
  .select-box {
    position: absolute;
    left: 3px;
    top: 6px;
    display: grid;
    place-items: center;
    width: 17px;
    height: 17px;
    padding: 0;
    border: 1.5px solid var(--tt-border-strong);
    border-radius: 4px;
    background: var(--tt-surface);
    color: transparent;
    cursor: pointer;
    opacity: 0;
  }
  .row.child.instance:hover .select-box,
  .row.child.instance:focus-within .select-box,
  .selecting .select-box,
  .select-box.on {
    opacity: 1;
  }
  .select-box:hover {
    border-color: var(--tt-accent);
  }
  .select-box:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: 1px;
  }
  .select-box.on {
    border-color: var(--tt-accent);
    background: var(--tt-accent);
    color: var(--tt-accent-text);
  }
  .row.child.instance.picked {
    background: var(--tt-accent-soft);
  }
  .bulk-bar {
    flex: none;
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding: 8px 10px;
    border-top: 1px solid var(--tt-border);
    background: var(--tt-surface);
    font-size: 12px;
  }
  .bulk-summary {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 4px 4px 4px 10px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-info-soft);
  }
  .bulk-summary-text {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .bulk-note {
    margin: 0;
    color: var(--tt-danger);
    overflow-wrap: anywhere;
  }
  .bulk-picked {
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .bulk-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
  }
  .bulk-count {
    font-weight: 600;
    margin-right: auto;
  }
  .bulk-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .bulk-action {
    flex: 1 0 auto;
    padding: 0 8px;
  }
  .bulk-action .icon {
    width: 13px;
    height: 13px;
  }
`;
