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
    padding: 6px 10px;
    /* The actions drop their words on a narrow bar (260 px, 150 % text): see .bulk-word. */
    container-type: inline-size;
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
  /* One line: "3 selected", the actions, Clear; what does not fit wraps after them. */
  .bulk-picked {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
  }
  .bulk-count {
    font-weight: 600;
    white-space: nowrap;
  }
  .bulk-actions {
    display: flex;
    gap: 4px;
  }
  .btn.small.bulk-action {
    gap: 4px;
  }
  .bulk-action .icon {
    width: 13px;
    height: 13px;
  }
  .bulk-tail {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin-left: auto;
  }
  @container (max-width: 360px) {
    .bulk-word {
      display: none;
    }
    .bulk-actions {
      gap: 3px;
    }
    /* 13 px icon, 5 px each side, the border: 25 px, above the 24 px a target needs. */
    .btn.small.bulk-action {
      padding: 0 5px;
    }
  }
`;
