/** A modal <dialog> over the popover (keyboard shortcuts, About). */
import { css } from 'lit';

export const dialogStyles = css`
  dialog {
    width: min(340px, calc(100vw - 24px));
    max-height: calc(100vh - 24px);
    padding: 0;
    border: 1px solid var(--tt-border);
    border-radius: var(--tt-radius);
    background: var(--tt-surface);
    color: var(--tt-text);
    box-shadow: 0 12px 40px rgb(0 0 0 / 0.3);
    overflow: auto;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.35);
  }
  .dialog-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 10px 8px 6px 16px;
  }
  h2 {
    margin: 0;
    font-size: 14px;
    font-weight: 650;
  }
  .dialog-body {
    display: grid;
    gap: 10px;
    padding: 4px 16px 16px;
    overflow-wrap: anywhere;
  }
  kbd {
    display: inline-block;
    min-width: 20px;
    padding: 0 5px;
    border: 1px solid var(--tt-border-strong);
    border-bottom-width: 2px;
    border-radius: 4px;
    color: var(--tt-text);
    font: 11px/16px var(--tt-font);
    text-align: center;
    white-space: nowrap;
  }
`;
