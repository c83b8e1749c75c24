import { css } from 'lit';

/** What every settings section shares: its heading, the card, and the rows of a card. */
export const settingsSectionStyles = css`
  :host {
    display: block;
  }
  section {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
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
  .error {
    color: var(--tt-danger);
    font-size: 12px;
  }
`;
