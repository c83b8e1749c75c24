/**
 * The small icon buttons with a word beside them, on a team's row and an instance's or a
 * device's alike: on the first screen, so apart from the rows under a team (child-rows.styles.ts,
 * loaded with them: lazy-rows.ts).
 */
import { css } from 'lit';

export const wordedButtonStyles = css`
  .icon-btn.small {
    width: 24px;
    height: 24px;
  }
  /*
   * An icon's word, beside the button while it is pointed at or focused: the actions are findable
   * by someone who has never seen them. Anchored at the button's left edge and drawn over the
   * buttons before it, so it never spills out of the popover at the right. Generated content (the
   * button's data-word), not an element: five fewer elements in each team row. Its alternative
   * text is empty: the button's label already says it (the first declaration is for a browser
   * without that syntax).
   */
  .worded {
    position: relative;
  }
  .worded::after {
    content: attr(data-word);
    content: attr(data-word) / '';
    position: absolute;
    /* Left of its button, over its neighbours: never over the name or the state. */
    right: calc(100% + 3px);
    top: 50%;
    translate: 0 -50%;
    display: none;
    padding: 2px 6px;
    border-radius: var(--tt-radius-small);
    background: var(--tt-text);
    color: var(--tt-bg);
    font-size: 11px;
    font-weight: 600;
    line-height: 16px;
    white-space: nowrap;
    pointer-events: none;
  }
  .worded:hover::after,
  .worded:focus-visible::after {
    display: block;
  }
  .icon-btn.small .icon {
    width: 14px;
    height: 14px;
  }
`;
