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
  /*
   * The form's own buttons stay at the popover's bottom edge while the fields above them scroll:
   * on a short popover (large OS text) the first run's Add account is in view at once. The intro
   * slotted into the form (the first run's steps) makes the form tall enough to hold them there.
   */
  form > .buttons {
    position: sticky;
    /* Down to the popover's edge, over the view's own 20 px bottom padding. */
    bottom: -20px;
    z-index: 1;
    /* What scrolls under it fades out instead of being cut through a line of text. */
    margin: -12px 0 -20px;
    padding: 18px 0 12px;
    background: linear-gradient(
      color-mix(in srgb, var(--tt-bg) 0%, transparent),
      var(--tt-bg) 16px
    );
  }
  .callout,
  .buttons,
  .input {
    /* Room around what the form scrolls into view after a failed attempt. */
    scroll-margin: 12px;
  }
  /*
   * A field or a message scrolled to stops above the buttons held at the bottom, not under them
   * (a message's own button, Paste a new token or Try again, was hidden there).
   */
  .input,
  .callout {
    scroll-margin-bottom: 72px;
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
