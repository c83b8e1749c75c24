/** The pinned section's heading (pin-parts.ts); its other parts' styles: pin-child-parts.styles.ts. */
import { css } from 'lit';

export const pinStyles = css`
  .row.pins-heading {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 8px 12px 4px;
    color: var(--tt-muted);
    font-size: 11px;
    font-weight: 650;
    letter-spacing: 0.02em;
  }
  .row.pins-heading .icon {
    width: 13px;
    height: 13px;
  }
  /* Where a pinned item is (a team's row here; an instance's or a device's: pin-child-parts.ts). */
  .pin-context {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
