/** The pinned section (pin-parts.ts) and the snoozed mark on a row. */
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
  .pin-context {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
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
