/** The line of what changed before an instance broke (change-before.ts). */
import { css } from 'lit';

export const changeBeforeStyles = css`
  /* A line of its own under the row's text, level with it (past the dot), like the log. */
  .change-before {
    display: flex;
    flex: 1 0 100%;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    box-sizing: border-box;
    margin: -6px 0 2px;
    padding-left: 16px;
    min-width: 0;
    font-size: 12px;
    line-height: 18px;
  }
  .change-before-text {
    /* Server text (the author): its bidi runs cannot turn the words around it. */
    unicode-bidi: isolate;
    overflow-wrap: anywhere;
    font-weight: 600;
  }
  .change-before .btn .icon {
    width: 13px;
    height: 13px;
  }
  /* The log under it starts on its own line, not pulled up into this one. */
  .change-before + .instance-log {
    margin-top: 0;
  }
`;
