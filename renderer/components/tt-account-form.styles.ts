import { css } from 'lit';

export const accountFormStyles = css`
  :host {
    display: block;
  }
  form {
    display: grid;
    gap: 14px;
  }
  fieldset {
    display: grid;
    gap: 14px;
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .token-wrap {
    position: relative;
  }
  .token-wrap .input {
    padding-right: 58px;
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 12px;
  }
  .token-wrap .btn {
    position: absolute;
    right: 4px;
    top: 50%;
    translate: 0 -50%;
    border-color: transparent;
    background: transparent;
  }
  .token-help {
    display: flex;
    align-items: center;
    justify-content: flex-start;
    gap: 8px;
    flex-wrap: wrap;
  }
  .buttons {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 8px;
  }
  .callout,
  .buttons,
  .input {
    /* Room around what the form scrolls into view after a failed attempt. */
    scroll-margin: 12px;
  }
  .callout {
    display: grid;
    gap: 6px;
    padding: 10px 12px;
    border-radius: var(--tt-radius);
    border: 1px solid transparent;
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .callout strong {
    font-size: 13px;
  }
  .callout p {
    margin: 0;
  }
  .callout.error {
    background: var(--tt-danger-soft);
    border-color: color-mix(in srgb, var(--tt-danger) 35%, transparent);
  }
  .callout.warn {
    background: var(--tt-warn-soft);
    border-color: color-mix(in srgb, var(--tt-warn) 35%, transparent);
  }
  .callout .buttons {
    justify-content: flex-start;
    margin-top: 2px;
  }
  .callout details {
    color: var(--tt-muted);
  }
  .callout summary {
    cursor: pointer;
    width: max-content;
  }
  .callout code {
    font-family: ui-monospace, 'SF Mono', 'Cascadia Mono', 'DejaVu Sans Mono', monospace;
    font-size: 11px;
    user-select: all;
  }
  /* Beside the buttons the user just pressed: how long main has waited, and at most will. */
  .wait {
    margin-right: auto;
    align-self: center;
    color: var(--tt-muted);
    font-size: 12px;
  }
  .optional {
    font-weight: 400;
    color: var(--tt-muted);
  }
`;
