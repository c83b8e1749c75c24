import { css } from 'lit';

export const settingsStyles = css`
  :host {
    display: grid;
    /* minmax(0, …): a wide control must wrap inside the popover, not widen the column past it. */
    grid-template-columns: minmax(0, 1fr);
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
  .setting {
    justify-content: space-between;
    gap: 12px;
  }
  .label-block {
    display: grid;
    flex: 1;
    min-width: 0;
  }
  .title {
    font-weight: 600;
  }
`;
