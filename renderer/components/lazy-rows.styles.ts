/**
 * The placeholders of the rows under a team while their module loads (./lazy-rows.ts): the first
 * after a row that is in says "Loading…" on one line where the rows will be; the rest take no
 * room and are not read out (a height of 0 is not measured: the window keeps its estimates).
 */
import { css } from 'lit';

export const rowLoadingStyles = css`
  .row.child-loading {
    height: 0;
    overflow: hidden;
    visibility: hidden;
  }
  .row:not(.child-loading) + .row.child-loading {
    height: auto;
    visibility: visible;
    width: auto;
    margin: 0 6px 0 38px;
    padding: 4px 12px;
    color: var(--tt-muted);
    font-size: 12px;
  }
`;
