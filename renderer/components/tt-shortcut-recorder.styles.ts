import { css } from 'lit';

export const shortcutRecorderStyles = css`
  :host {
    display: block;
  }
  .recorder {
    display: grid;
    gap: 8px;
  }
  .label-block {
    display: grid;
  }
  .title {
    font-weight: 600;
  }
  .row {
    display: flex;
    gap: 8px;
  }
  .keys {
    flex: 1;
    min-width: 0;
    caret-color: transparent;
    cursor: pointer;
    letter-spacing: 0.02em;
  }
  /* Recording: a tint says the field listens, beside the focus ring and the placeholder. */
  .keys[data-recording] {
    background: var(--tt-accent-soft);
    cursor: default;
  }
  .btn[aria-disabled='true'] {
    opacity: 0.55;
    cursor: default;
  }
  .status {
    display: block;
    font-size: 12px;
    color: var(--tt-muted);
  }
  .status.error {
    color: var(--tt-danger);
  }
`;
