/**
 * The open team whose instances and devices scroll under the pinned account header
 * (team-row.ts, renderPinnedTeam): one line under it, as tall as TEAM_PIN_HEIGHT
 * (list-sections.ts); placed by translate, from render. It shows only while a team's rows
 * scroll, so its styles come with theirs (child-rows-part.ts), not in the first script.
 */
import { css } from 'lit';

export const pinnedTeamStyles = css`
  .team.pinned {
    position: absolute;
    inset: 0 0 auto;
    display: flex;
    align-items: center;
    gap: 8px;
    height: 34px;
    padding: 0 14px 0 18px;
    background: var(--tt-bg);
    box-shadow:
      0 1px 0 var(--tt-border),
      var(--tt-shadow);
    cursor: pointer;
  }
  /*
   * What needs the user ("2 crashed", "1 offline") stays whole: the name gives way first, down
   * to a few letters (the team's own row, and the title, have it whole); only past that do the
   * states give way. Narrow (260 px, 150 % text), the states drop their dots: the coloured
   * words say it all, and both fit beside the name's first letters.
   */
  .team.pinned {
    container-type: inline-size;
  }
  .team.pinned .name {
    flex: 0 1000 auto;
    min-width: 4em;
  }
  .team.pinned .pin-state {
    flex: 0 1 auto;
    min-width: 0;
    overflow: hidden;
  }
  @container (max-width: 300px) {
    .team.pinned .pin-state .dot {
      display: none;
    }
  }
  .pin-state {
    flex: none;
    display: inline-flex;
    align-items: center;
    gap: 5px;
    font-size: 12px;
    font-weight: 600;
    white-space: nowrap;
  }
  .pin-chevron {
    display: inline-grid;
    color: var(--tt-muted);
  }
  .pin-chevron .icon {
    width: 12px;
    height: 12px;
    rotate: 90deg;
  }
`;
