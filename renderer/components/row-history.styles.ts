/** The history under an instance's or a device's row (row-history.ts). */
import { css } from 'lit';

export const rowHistoryStyles = css`
  /* A line of its own under the row's text, level with it (past the dot), like the log. */
  .row-history {
    flex: 1 0 100%;
    box-sizing: border-box;
    margin: -6px 0 2px;
    padding-left: 16px;
    min-width: 0;
    font-size: 12px;
    line-height: 18px;
    color: var(--tt-muted);
  }
  .row-history-list {
    display: flex;
    flex-wrap: wrap;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .row-history-list li {
    /* Server text (an author): its bidi runs cannot turn the words around it. */
    unicode-bidi: isolate;
    overflow-wrap: anywhere;
  }
  /* The dot ends a line that wraps, never starts the next one. */
  .row-history-list li:not(:last-child)::after {
    content: '·';
    padding: 0 6px;
  }
`;
