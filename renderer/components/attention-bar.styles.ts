import { css } from 'lit';

export const attentionBarStyles = css`
  .attention-wrap {
    flex: none;
    padding: 8px 10px 0;
  }
  .attention {
    display: flex;
    align-items: flex-start;
    gap: 8px;
    width: 100%;
    padding: 7px 10px;
    border: 1px solid transparent;
    border-radius: var(--tt-radius);
    background: var(--tt-warn-soft);
    color: var(--tt-text);
    font-size: 12px;
    text-align: left;
    cursor: pointer;
  }
  .attention > .icon {
    margin-top: 1px;
    color: var(--tt-warn);
  }
  .attention:hover {
    border-color: var(--tt-warn);
  }
  /* Filtered: the accent's colours and an edge, so the list reads as "not everything". */
  .attention.on {
    border-color: var(--tt-accent);
    background: var(--tt-accent-soft);
  }
  .attention.on > .icon {
    color: var(--tt-accent);
  }
  .attention-text {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .attention-action {
    flex: none;
    color: var(--tt-accent);
    font-weight: 600;
  }
  /* Under the attention summary: wraps on a narrow popover rather than spill to the left. */
  .attention-crashed {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 4px;
    padding-top: 4px;
  }
  .attention-crashed .btn {
    max-width: 100%;
  }
`;
