/** The line under a device not on its target snapshot (child-rows.ts, common/stuck-deploy.ts). */
import { css } from 'lit';

export const deployLineStyles = css`
  /* Both snapshots' names are the point: the line wraps rather than cut them off. */
  .child-sub.deploy {
    line-height: 18px;
    padding: 2px 0;
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;
