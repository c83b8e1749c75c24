/** Controls every view shares: buttons, fields, badges, the spinner, focus rings. */
import { css } from 'lit';

export const sharedStyles = css`
  :host {
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .icon {
    flex: none;
    display: block;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: 2px;
  }
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    min-height: 30px;
    padding: 0 12px;
    border: 1px solid var(--tt-border-strong);
    border-radius: var(--tt-radius-small);
    background: var(--tt-raised);
    color: var(--tt-text);
    font-weight: 500;
    cursor: pointer;
    white-space: nowrap;
  }
  .btn:hover:not(:disabled) {
    background: var(--tt-hover);
  }
  .btn:disabled {
    opacity: 0.55;
    cursor: default;
  }
  .btn.primary {
    background: var(--tt-accent);
    border-color: var(--tt-accent);
    color: var(--tt-accent-text);
  }
  .btn.primary:hover:not(:disabled) {
    background: var(--tt-accent);
    filter: brightness(1.08);
  }
  .btn.danger {
    color: var(--tt-danger);
  }
  .btn.danger.solid {
    background: var(--tt-danger);
    border-color: var(--tt-danger);
    color: var(--tt-surface);
  }
  .btn.small {
    min-height: 24px;
    padding: 0 8px;
    font-size: 12px;
  }
  .icon-btn {
    display: inline-grid;
    place-items: center;
    width: 30px;
    height: 30px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: var(--tt-radius-small);
    background: transparent;
    color: var(--tt-muted);
    cursor: pointer;
  }
  .icon-btn:hover:not(:disabled):not([aria-disabled='true']) {
    background: var(--tt-hover);
    color: var(--tt-text);
  }
  .icon-btn:disabled,
  .icon-btn[aria-disabled='true'] {
    opacity: 0.4;
    cursor: not-allowed;
  }
  .field {
    display: grid;
    gap: 4px;
  }
  .field label,
  .label {
    font-weight: 600;
    font-size: 12px;
  }
  .hint {
    color: var(--tt-muted);
    font-size: 12px;
  }
  .field-error {
    color: var(--tt-danger);
    font-size: 12px;
  }
  .input,
  select {
    width: 100%;
    min-height: 32px;
    padding: 5px 9px;
    border: 1px solid var(--tt-border-strong);
    border-radius: var(--tt-radius-small);
    background: var(--tt-surface);
  }
  .input:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--tt-focus);
    outline-offset: -1px;
    border-color: transparent;
  }
  .input[aria-invalid='true'] {
    border-color: var(--tt-danger);
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 1px 7px;
    border-radius: 999px;
    font-size: 11px;
    font-weight: 600;
    line-height: 16px;
    white-space: nowrap;
    background: var(--tt-hover);
    color: var(--tt-muted);
  }
  .badge.ok {
    background: var(--tt-ok-soft);
    color: var(--tt-ok);
  }
  .badge.warn {
    background: var(--tt-warn-soft);
    color: var(--tt-warn);
  }
  .badge.danger {
    background: var(--tt-danger-soft);
    color: var(--tt-danger);
  }
  .badge.accent {
    background: var(--tt-accent-soft);
    color: var(--tt-accent);
  }
  .spinner {
    flex: none;
    width: 14px;
    height: 14px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.4s;
    }
  }
`;
