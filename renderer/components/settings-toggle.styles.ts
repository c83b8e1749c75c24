import { css } from 'lit';

/** A settings row: its title and hint on the left, its control (a checkbox, a select) on the right. */
export const settingsToggleStyles = css`
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
  .title {
    font-weight: 600;
  }
  input[type='checkbox'] {
    flex: none;
    width: 18px;
    height: 18px;
    accent-color: var(--tt-accent);
  }
`;
