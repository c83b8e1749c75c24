/** The pinned section's parts under a team's rows and the snoozed mark (pin-child-parts.ts). */
import { css } from 'lit';

export const pinChildStyles = css`
  /* A pinned instance or device stands alone: not indented under a team. */
  .row.child.in-pins,
  .row.child.pin-gone {
    margin-left: 6px;
    border-left-color: var(--tt-accent);
  }
  .row.child.pin-gone {
    align-items: center;
    opacity: 0.85;
  }
  .row.child.pin-gone .btn {
    flex: none;
  }
  /* At the start of the second line, before what it says (the application, the last call). */
  .snoozed {
    display: inline-flex;
    align-items: center;
    gap: 3px;
    vertical-align: top;
    color: var(--tt-muted);
    font-size: 11px;
    font-weight: 600;
  }
  .snoozed::after {
    content: '·';
    padding: 0 4px 0 1px;
    font-weight: 400;
  }
  .snoozed .icon {
    flex: none;
    width: 13px;
    height: 13px;
  }
`;
