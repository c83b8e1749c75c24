import { css } from 'lit';

export const settingsAccountsStyles = css`
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* Too narrow for the name and the buttons: the buttons go to a line of their own. */
  li:not(.confirm) {
    flex-wrap: wrap;
  }
  .who {
    display: grid;
    flex: 1 1 auto;
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
    margin-left: auto;
  }
  .confirm {
    flex-wrap: wrap;
    background: var(--tt-danger-soft);
  }
  .confirm .who {
    flex: 1 1 100%;
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
  /* The account's token (account-token-details.ts): a line of its own, under the name. */
  .token-details {
    display: grid;
    flex: 1 1 100%;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 2px 8px;
    margin: 0;
    font-size: 12px;
  }
  .token-details dt {
    color: var(--tt-muted);
  }
  .token-details dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .token-choice {
    display: grid;
    flex: 1 1 100%;
    gap: 4px;
    margin: 0;
    padding: 6px 8px;
    border: 0;
    border-radius: var(--tt-radius-small);
    background: var(--tt-warn-soft);
  }
  .token-choice legend {
    float: left;
    padding: 0;
    font-weight: 600;
  }
  .token-choice .hint {
    margin: 0;
    font-size: 12px;
  }
  .token-choice .btn {
    justify-self: start;
    max-width: 100%;
    overflow-wrap: anywhere;
    text-align: left;
  }
  .add {
    justify-self: start;
  }
`;
