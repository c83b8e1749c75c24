import { css } from 'lit';

export const settingsStyles = css`
  :host {
    display: grid;
    gap: 20px;
  }
  .vault {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    padding: 10px 12px;
    color: var(--tt-muted);
    font-size: 12px;
  }
  .vault .icon {
    margin-top: 1px;
  }
`;
