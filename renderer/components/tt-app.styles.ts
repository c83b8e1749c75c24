import { css } from 'lit';

export const appStyles = css`
  :host {
    display: block;
    height: 100%;
    overflow: hidden;
  }
  main {
    /* The toast sits over the bottom of whatever view is shown. */
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
  }
  .first-run {
    position: relative;
  }
  .corner-menu {
    position: absolute;
    top: 10px;
    right: 10px;
  }
  .view-head {
    display: flex;
    align-items: center;
    gap: 6px;
    min-height: 51px;
    padding: 10px 12px 10px 8px;
    border-bottom: 1px solid var(--tt-border);
    background: var(--tt-surface);
  }
  .view-head h1 {
    margin: 0;
    font-size: 14px;
    font-weight: 650;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .view-body {
    flex: 1;
    min-height: 0;
    overflow-x: hidden;
    overflow-y: auto;
    padding: 16px 14px 20px;
  }
  .view-body > p.lead {
    margin: 0 0 14px;
    color: var(--tt-muted);
    overflow-wrap: anywhere;
  }
  .fatal {
    display: grid;
    gap: 10px;
    place-content: center;
    flex: 1;
    padding: 24px;
    text-align: center;
    color: var(--tt-muted);
  }
  .fatal strong {
    color: var(--tt-text);
    font-size: 14px;
  }
  .loading {
    display: grid;
    place-items: center;
    flex: 1;
    color: var(--tt-muted);
  }
`;
