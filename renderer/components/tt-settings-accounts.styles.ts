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
  .add {
    justify-self: start;
  }
`;
