import { css } from 'lit';

export const settingsGeneralStyles = css`
  .setting select {
    width: auto;
    max-width: 100%;
  }
  .setting.stack {
    display: grid;
    gap: 6px;
    justify-content: stretch;
    align-items: stretch;
  }
  .segmented {
    display: inline-flex;
    padding: 2px;
    border: 1px solid var(--tt-border-strong);
    border-radius: var(--tt-radius-small);
    margin: 0;
  }
  .segmented label {
    position: relative;
  }
  .segmented input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
  }
  .segmented span {
    display: block;
    padding: 3px 10px;
    border-radius: 4px;
    cursor: pointer;
  }
  .segmented input:checked + span {
    background: var(--tt-accent);
    color: var(--tt-accent-text);
  }
  .segmented input:focus-visible + span {
    outline: 2px solid var(--tt-focus);
    outline-offset: 1px;
  }
`;
