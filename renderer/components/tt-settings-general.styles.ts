import { css } from 'lit';

export const settingsGeneralStyles = css`
  /* Narrow (260 px, or large OS text): the control wraps under its label instead of clipping. */
  .setting {
    flex-wrap: wrap;
    justify-content: space-between;
    row-gap: 6px;
  }
  .setting > label,
  .setting > .label-block {
    display: grid;
    flex: 1 1 9em;
    min-width: 0;
  }
  .setting .hint {
    font-weight: 400;
  }
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
  .title {
    font-weight: 600;
  }
  .shortcut-row {
    display: flex;
    gap: 8px;
  }
  .shortcut-row .input {
    min-width: 0;
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 12px;
  }
  input[type='checkbox'] {
    width: 18px;
    height: 18px;
    accent-color: var(--tt-accent);
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
