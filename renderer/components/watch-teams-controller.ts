/**
 * Tells main which teams are on screen, so it keeps their instances and devices fresh while the
 * popover is open: after the list settles (a scroll or a search sends one call, not one per
 * frame), only when the set changed, and an empty list when the popover hides (or the list
 * leaves the page) so main stops reading for a closed window.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TeamRef } from '../state/list-sections';
import type { Store } from '../state/store';

/** Long enough to let a scroll or a typed word settle, short enough to feel immediate. */
const WATCH_DEBOUNCE_MS = 300;
/** The contract's bound; a popover shows a few dozen. */
const MAX_TEAMS = 200;

export class WatchTeamsController implements ReactiveController {
  /** What main was last told, as one comparable string; '' is nothing. */
  private sent = '';
  private latest: readonly TeamRef[] = [];
  /** The teams of the last sighting the wait was started for, as `sent` is; null: none since. */
  private waitingFor: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly delayMs = WATCH_DEBOUNCE_MS,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.send([]);
  }

  /**
   * The teams on screen now (after each render); main hears of them once they settle, i.e. once
   * the same teams have been on screen for the debounce. An update that shows the same teams as
   * the last one (a click's draft, a push, the clock) leaves the wait as it is: it neither starts
   * a timer in the update's frame nor puts main's read of a settled screen off while the list
   * keeps updating.
   */
  seen(teams: readonly TeamRef[]): void {
    this.latest = teams.slice(0, MAX_TEAMS);
    if (document.visibilityState === 'hidden') return;
    const key = keyOf(this.latest);
    if (key === this.waitingFor) return;
    this.waitingFor = key;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.send(this.latest);
    }, this.delayMs);
  }

  private send(teams: readonly TeamRef[]): void {
    clearTimeout(this.timer);
    const key = keyOf(teams);
    const store = this.storeOf();
    // Main knows these teams now; with none (hidden, gone) or no state yet, the next sighting
    // starts a wait again.
    this.waitingFor = key === '' || store.state === null ? null : key;
    if (key === this.sent || store.state === null) return;
    this.sent = key;
    void store.connected.watchTeams({
      teams: teams.map(({ accountId, teamId }) => ({ accountId, teamId })),
    });
  }

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.send([]);
    else this.send(this.latest);
  };
}

const keyOf = (teams: readonly TeamRef[]): string =>
  teams.map((team) => `${team.accountId}/${team.teamId}`).join('\n');
