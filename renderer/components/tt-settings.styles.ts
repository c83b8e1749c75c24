import { css } from 'lit';

export const settingsStyles = css`
  :host {
    display: grid;
    gap: 20px;
  }
  section {
    display: grid;
    gap: 8px;
  }
  h2 {
    margin: 0;
    font-size: 11px;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--tt-muted);
  }
  .card {
    border: 1px solid var(--tt-border);
    border-radius: var(--tt-radius);
    background: var(--tt-surface);
    box-shadow: var(--tt-shadow);
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li,
  .setting {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 10px;
    min-height: 46px;
  }
  li + li,
  .setting + .setting {
    border-top: 1px solid var(--tt-border);
  }
  .who {
    display: grid;
    flex: 1;
    min-width: 0;
  }
  .who strong,
  .who span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .who span {
    color: var(--tt-muted);
    font-size: 12px;
  }
  .tools {
    display: flex;
    gap: 0;
  }
  .confirm {
    flex-wrap: wrap;
    background: var(--tt-danger-soft);
  }
  .confirm p {
    flex: 1 1 100%;
    margin: 0;
    overflow-wrap: anywhere;
  }
  .confirm .buttons {
    display: flex;
    gap: 8px;
    margin-left: auto;
  }
  .add {
    justify-self: start;
  }
  .setting {
    justify-content: space-between;
  }
  .setting > label,
  .setting > .label-block {
    display: grid;
    flex: 1;
    min-width: 0;
  }
  .setting .hint {
    font-weight: 400;
  }
  .setting select {
    width: auto;
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
  .error {
    color: var(--tt-danger);
    font-size: 12px;
  }
`;
