/** The rows under an open team (child-rows.ts): indented under the team, two lines each. */
import { css } from 'lit';

export const childRowStyles = css`
  .row.child {
    position: relative;
    display: flex;
    align-items: flex-start;
    gap: 8px;
    width: auto;
    /* Under the team's avatar: the tree reads at a glance, and names keep their width. */
    margin: 0 6px 0 38px;
    padding: 3px 4px 3px 8px;
    border-left: 1px solid var(--tt-border);
    border-radius: 0 var(--tt-radius-small) var(--tt-radius-small) 0;
    outline: none;
  }
  .row.child > .dot {
    margin-top: 9px;
  }
  .row.child:hover {
    background: var(--tt-hover);
  }
  .row.child:focus-visible,
  .row.child:focus-within {
    background: var(--tt-selected);
  }
  .row.child:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: -2px;
  }
  .child-text {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-width: 0;
  }
  .child-line {
    display: flex;
    align-items: baseline;
    gap: 8px;
    min-width: 0;
    line-height: 22px;
  }
  .child-name {
    /* Server text: its bidi runs cannot turn the text around it (main drops the controls). */
    unicode-bidi: isolate;
    flex: 1;
    min-width: 0;
    font-weight: 500;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .child-state {
    flex: none;
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 12px;
    font-weight: 600;
    color: var(--tt-muted);
  }
  /* As tall as the buttons that cover it on hover: they hide neither the name nor the state. */
  .child-sub {
    unicode-bidi: isolate;
    min-height: 22px;
    line-height: 22px;
    color: var(--tt-muted);
    font-size: 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* A recovery and developer mode's silence are read whole: they wrap on a narrow popover. */
  .child-sub.recovery,
  .child-sub.developer-mode {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  /*
   * The buttons sit over the second line's end while the row is pointed at or focused; the state
   * on the first line stays in view, so a transition shows under the hand that started it.
   */
  .child-actions {
    position: absolute;
    right: 4px;
    /* Level with the second line (the first is 3 px padding and a 22 px line). */
    top: 25px;
    display: none;
    gap: 2px;
    padding-left: 10px;
    border-radius: var(--tt-radius-small);
  }
  .row.child:hover .child-actions {
    display: flex;
    background: var(--tt-hover);
  }
  .row.child:focus-within .child-actions {
    display: flex;
    background: var(--tt-selected);
  }
  /*
   * A narrow row (260 px, large text) has no room for the buttons over its second line: they
   * take a line of their own under it while the row is pointed at or focused, wrapping if they
   * must, and the word over a button covers the second line, not the name.
   */
  .row.child {
    container-type: inline-size;
  }
  @container (max-width: 300px) {
    /* On a line of their own the first button may sit at the row's edge: the word goes above. */
    .child-actions .worded::after {
      right: 0;
      top: auto;
      bottom: calc(100% + 3px);
      translate: none;
    }
    .row.child:hover .child-actions,
    .row.child:focus-within .child-actions {
      position: static;
      flex: 1 0 100%;
      flex-wrap: wrap;
      justify-content: flex-end;
      padding-left: 0;
    }
  }
  .row.child.device {
    flex-wrap: wrap;
  }
  /*
   * Why a member has no Start, Stop or Restart: in words, at full strength, a line of its own
   * while the row is pointed at or focused (never a faded button drawn over the state).
   */
  .member-note {
    display: none;
    padding: 2px 0 4px;
    color: var(--tt-muted);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .row.child:hover .member-note,
  .row.child:focus-within .member-note {
    display: block;
  }
  .child-actions .icon-btn.small {
    height: 22px;
  }
  .row.child .row-error {
    margin-right: 0;
  }
  /* "Instances · 200" over a kind of row, when a team has both; "Show all" after a few dozen. */
  .row.heading,
  .row.more {
    width: auto;
    margin: 0 6px 0 38px;
    border-left: 1px solid var(--tt-border);
  }
  .row.heading {
    padding: 8px 8px 2px 12px;
    color: var(--tt-muted);
    font-size: 11px;
    font-weight: 650;
    letter-spacing: 0.02em;
  }
  .row.more {
    padding: 4px 8px 6px;
    outline: none;
  }
  .row.more:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: -2px;
  }
  .row.more .btn {
    max-width: 100%;
  }
  .row.child.note {
    display: block;
    padding: 6px 8px 8px 12px;
    color: var(--tt-muted);
    font-size: 12px;
  }
  .row.child.note.warning {
    color: var(--tt-warn);
  }
`;
