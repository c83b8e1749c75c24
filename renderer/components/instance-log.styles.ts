/** The log under an instance row (instance-log.ts): its words, its lines, its buttons. */
import { css } from 'lit';

export const instanceLogStyles = css`
  /* The log takes a line of its own under the row's text, level with it (past the dot). */
  .row.child.instance {
    flex-wrap: wrap;
  }
  .instance-log {
    display: flex;
    flex-direction: column;
    flex: 1 0 100%;
    gap: 4px;
    box-sizing: border-box;
    margin: -6px 0 4px;
    padding-left: 16px;
    min-width: 0;
  }
  .log-status {
    display: flex;
    align-items: center;
    gap: 6px;
    color: var(--tt-muted);
    font-size: 12px;
    line-height: 18px;
    overflow-wrap: anywhere;
  }
  .log-lines {
    margin: 0;
    padding: 4px 6px;
    list-style: none;
    border: 1px solid var(--tt-border);
    border-radius: var(--tt-radius-small);
    background: var(--tt-surface);
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 11px;
    line-height: 15px;
  }
  .log-line {
    padding: 1px 0 1px 6px;
    border-left: 2px solid transparent;
    overflow-wrap: anywhere;
  }
  /* A message of several lines keeps them; a long word wraps rather than spill sideways. */
  .log-msg {
    /* Server text: its bidi runs cannot turn the text around it (main drops the controls). */
    unicode-bidi: isolate;
    white-space: pre-wrap;
  }
  .log-line + .log-line {
    margin-top: 2px;
  }
  .log-age,
  .log-level {
    unicode-bidi: isolate;
    margin-right: 6px;
    color: var(--tt-muted);
    white-space: nowrap;
  }
  .log-line.error {
    border-left-color: var(--tt-danger);
    background: var(--tt-danger-soft);
  }
  .log-line.error .log-level {
    color: var(--tt-danger);
    font-weight: 700;
  }
  .log-line.warn {
    border-left-color: var(--tt-warn);
    background: var(--tt-warn-soft);
  }
  .log-line.warn .log-level {
    color: var(--tt-warn);
    font-weight: 700;
  }
  .log-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .log-actions .btn .icon {
    width: 13px;
    height: 13px;
  }
`;
