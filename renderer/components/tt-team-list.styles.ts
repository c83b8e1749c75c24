import { css } from 'lit';

export const teamListStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    flex: 1;
  }
  .scroller {
    flex: 1;
    min-height: 0;
    width: 100%;
    overflow-x: hidden;
    overflow-y: auto;
    /* The list keeps its own place; the browser's anchoring would fight the windowing. */
    overflow-anchor: none;
    /* Its size comes from the popover, never from the rows: relayout stays inside it. */
    contain: strict;
    /* Room for a toast (Renamed · Undo, two or three lines at large text) under the last row. */
    padding-bottom: 96px;
  }
  /*
   * At least the scroller's height: with its bottom padding, even a short list scrolls far enough
   * to bring its last row out from under a toast.
   */
  .rows {
    min-height: 100%;
  }
  .pad {
    height: 0;
  }
  .row {
    width: 100%;
    /* A row's layout never reaches outside it: cheaper to add and measure while typing. */
    contain: layout style;
  }
  .account {
    padding: 14px 14px 6px;
  }
  /*
   * The header of the section at the top, pinned while its teams scroll (the list is windowed,
   * so the section's own header may not be in the DOM). A zero-height sticky box in the scroller:
   * it takes no room among the rows and never covers the scrollbar.
   */
  .pin {
    position: sticky;
    top: 0;
    z-index: 2;
    height: 0;
  }
  /* One line, as tall as ACCOUNT_PIN_HEIGHT (list-sections.ts): the name and the status. */
  .account.pinned {
    position: absolute;
    inset: 0 0 auto;
    display: flex;
    flex-direction: column;
    justify-content: center;
    height: 34px;
    padding: 0 14px;
    background: var(--tt-bg);
    /* An edge drawn, not laid out: the copy is exactly as tall as the row it stands for. */
    box-shadow:
      0 1px 0 var(--tt-border),
      var(--tt-shadow);
  }
  /* What scrolls away above the rows: the attention summary, quiet hours, the notices. */
  .lead {
    display: flow-root;
  }
  .account.pinned .host {
    display: none;
  }
  .account.pinned .account-label {
    flex: 0 1 auto;
  }
  .account.pinned .badge {
    flex: 0 1000 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .account-line {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
  }
  .account-label {
    /* Server text: its bidi runs cannot turn the text around it (main drops the controls). */
    unicode-bidi: isolate;
    margin: 0;
    font-size: 13px;
    font-weight: 650;
    /* No floor: a short label ("Lab") is followed by the same gap as a long one. */
    min-width: 0;
    flex: 0 1 auto;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* Too narrow for the label and the status: the status goes to a line of its own. */
  .row.account .account-line:not(.sub) {
    flex-wrap: wrap;
    row-gap: 2px;
  }
  .host {
    color: var(--tt-muted);
    font-size: 12px;
    min-width: 0;
    /* The host takes only the room left: the label and the status come first. */
    flex: 1 1000 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .account-line .badge {
    margin-left: auto;
  }
  .spinner.mini {
    width: 10px;
    height: 10px;
    border-width: 1.5px;
  }
  .sub {
    margin-top: 2px;
    min-height: 24px;
    color: var(--tt-muted);
    font-size: 12px;
  }
  /* Narrow or large text: Replace token and Retry go to a line of their own, never cut off. */
  .account-line.sub {
    flex-wrap: wrap;
    row-gap: 4px;
  }
  .account-line.sub > :not(.spacer) {
    flex-shrink: 0;
  }
  .age {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .age .icon {
    width: 12px;
    height: 12px;
  }
  .spacer {
    flex: 1;
  }
  .account-error {
    margin: 4px 0 0;
    padding: 6px 8px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-danger-soft);
    color: var(--tt-text);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  /* Token health: "Token expires in 3 days · Replace" (account-token-line.ts). */
  .account-token {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    margin: 4px 0 0;
    padding: 4px 8px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-warn-soft);
    color: var(--tt-text);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .account-token .link {
    padding: 0;
    border: 0;
    background: none;
    color: var(--tt-text);
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  .account-token .link:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: 1px;
  }
  .account-token.info {
    background: var(--tt-info-soft);
  }
  .account-token.danger {
    background: var(--tt-danger-soft);
  }
  .account-token svg {
    flex: none;
    width: 12px;
    height: 12px;
  }
  .account-left-out {
    margin: 4px 0 0;
    padding: 4px 8px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-warn-soft);
    color: var(--tt-text);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .account-error p {
    margin: 0;
  }
  .account-error details {
    margin-top: 2px;
    color: var(--tt-muted);
  }
  .account-error summary {
    cursor: pointer;
    width: max-content;
  }
  .account-error code {
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 11px;
    user-select: all;
  }
  /* Rows have no vertical margin: the window measures them with offsetHeight. */
  .row.note {
    padding: 2px 14px 6px;
  }
  .note-box {
    padding: 10px 12px;
    border: 1px dashed var(--tt-border-strong);
    border-radius: var(--tt-radius);
    color: var(--tt-muted);
    font-size: 12px;
  }
  .row.team {
    position: relative;
    display: flex;
    align-items: flex-start;
    gap: 10px;
    width: auto;
    margin: 0 6px;
    padding: 5px 4px 5px 0;
    border-radius: var(--tt-radius);
    /* One click shows or hides its instances and devices. */
    cursor: pointer;
    outline: none;
  }
  /* Narrow, and level with the avatar's middle: the chevron belongs to the row, not the text. */
  .expander.icon-btn {
    width: 22px;
    height: 32px;
    margin-right: -6px;
    color: var(--tt-muted);
  }
  .expander .icon {
    width: 14px;
    height: 14px;
    transition: rotate 0.12s ease-out;
  }
  .expander[aria-expanded='true'] .icon {
    rotate: 90deg;
  }
  @media (prefers-reduced-motion: reduce) {
    .expander .icon {
      transition: none;
    }
  }
  .row.team .summary {
    margin-top: 1px;
  }
  .row.team.editing {
    cursor: default;
  }
  .row.team:hover {
    background: var(--tt-hover);
  }
  .row.team:focus-visible,
  .row.team:focus-within {
    background: var(--tt-selected);
  }
  .row.team:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: -2px;
  }
  .text {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-width: 0;
  }
  /* The name and the role badge: the lines under it keep the row's whole width. */
  .name-line {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
    min-height: 22px;
  }
  .name {
    unicode-bidi: isolate;
    flex: 0 1 auto;
    min-width: 0;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* Full text colour on the mark, also inside the muted meta line: contrast stays AA. */
  mark {
    border-radius: 2px;
    background: color-mix(in srgb, var(--tt-accent) 28%, transparent);
    color: var(--tt-text);
  }
  .slug {
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 11px;
  }
  .pending .name {
    color: var(--tt-accent);
  }
  /* As tall as the hover actions that cover it: they hide neither the name nor the summary. */
  .meta {
    min-height: 24px;
    line-height: 24px;
    color: var(--tt-muted);
    font-size: 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /*
   * A team row keeps its height while it is renamed: the field overhangs the name's line by its
   * 2 px above and below, and the note under it has the meta line's line height. The rows under it do
   * not move as the field opens or closes, and the list is not laid out again for it.
   */
  .editor {
    flex: 1;
    min-height: 26px;
    margin-block: -2px;
    padding: 2px 6px;
    font-weight: 600;
  }
  #editor-note {
    line-height: 24px;
  }
  .row-error {
    display: flex;
    align-items: flex-start;
    gap: 4px;
    margin-top: 4px;
    padding: 4px 4px 4px 8px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-danger-soft);
    color: var(--tt-danger);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .row-error span {
    flex: 1;
  }
  .icon-btn.tiny {
    width: 20px;
    height: 20px;
    color: inherit;
  }
  .icon-btn.tiny .icon {
    width: 12px;
    height: 12px;
  }
  /*
   * The actions cover the end of the meta line (type, members: the least needed words) while the
   * row is hovered or focused; the name, its role and the summary stay in view. Not displayed
   * otherwise: a row that is not laid out is cheaper to add while the user types in search.
   */
  .actions {
    position: absolute;
    right: 4px;
    /* The row's 5 px padding and the 22 px name line. */
    top: 27px;
    display: none;
    gap: 2px;
    padding-left: 12px;
    border-radius: var(--tt-radius-small);
  }
  .row.team:hover .actions {
    display: flex;
    background: var(--tt-hover);
  }
  .row.team:focus-within .actions {
    display: flex;
    background: var(--tt-selected);
  }
  /* The role leads the second line: the name has the first to itself. */
  .row.team .meta .badge {
    margin-right: 2px;
    vertical-align: 1px;
  }
  /*
   * Narrow (260 px, 150 % text: the buttons' 140 px reach past the line's first 56 px), the
   * buttons of a hovered or focused row would cut the role mid-word ("Owne"): it gives way whole,
   * keeping its room so nothing moves under the pointer. The row's label still says it. Up to
   * 329 px, so the widest role ("Dashboard") beside a scrollbar is never cut either.
   */
  @media (max-width: 329px) {
    .row.team:hover .meta .badge,
    .row.team:focus-within .meta .badge {
      visibility: hidden;
    }
  }
  .row.team.editing .badge,
  .row.team.editing .actions {
    display: none;
  }
  .loading {
    display: grid;
    place-items: center;
    flex: 1;
    color: var(--tt-muted);
  }
  .empty {
    display: grid;
    gap: 8px;
    justify-items: center;
    padding: 40px 24px;
    text-align: center;
    color: var(--tt-muted);
  }
  .empty strong {
    color: var(--tt-text);
    font-size: 14px;
    overflow-wrap: anywhere;
  }
`;
