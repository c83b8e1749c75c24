/**
 * The one place the renderer keeps state: the AppState from main, the pushes that patch it,
 * the search, and the optimistic renames. Components read derived data and subscribe through
 * StoreController; they never hold a copy of their own.
 */
import type { TeamtrayApi } from '../../common/contract';
import type { AppErrorShape } from '../../common/errors';
import type { AttentionCounts } from '../../common/attention';
import type { AccountId } from '../../common/brand';
import type { AccountView, Settings } from '../../common/model';
import type { FocusTarget } from '../../common/runtime';
import type { Account, Team } from './account-item';
import { buildRows, indexAccounts, teamKey, type IndexedAccount, type Row } from './rows';
import { RuntimeStore } from './runtime-store';
import { renameTeam } from './store-rename';
import { focusKeyOf, listenToMain } from './store-pushes';
import { fromAppState, fromView, withTeamName, type PopoverState } from './state-updates';

export type View =
  | { readonly name: 'teams' }
  | { readonly name: 'settings' }
  | { readonly name: 'add' }
  | { readonly name: 'edit'; readonly accountId: string }
  | { readonly name: 'token'; readonly accountId: string };

export type RenameOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

type Listener = () => void;

export class Store {
  state: PopoverState | null = null;
  /** Set when getState itself failed: the whole popover says so. */
  loadError: AppErrorShape | null = null;
  view: View = { name: 'teams' };
  /** Where Back goes from a form: settings when the form was opened there. */
  formReturn: View = { name: 'teams' };
  query = '';
  /** Refreshes in flight (whole list: 'all'). */
  readonly refreshing = new Set<string>();
  /** Every team's instances and devices. */
  readonly runtime = new RuntimeStore();
  /** Teams the user expanded (team keys). */
  readonly expanded = new Set<string>();
  /** Teams the user closed although the search or the filter opened them (until those change). */
  readonly collapsed = new Set<string>();
  /** A team's instances (`team/i`) or devices (`team/d`) listed in full (Show all). */
  readonly shownInFull = new Set<string>();
  /** The list shows only what needs the user (the summary at the top was clicked). */
  attentionOnly = false;
  /** A row a notification asked to show; the list scrolls to it and forgets it. */
  focusKey: string | null = null;
  /** Ticks every half minute so "2 min ago" stays true. */
  now = Date.now();

  private api: TeamtrayApi | null = null;
  private readonly listeners = new Set<Listener>();
  /** Names shown while their rename is in flight (team key → name): the renderer owns them. */
  readonly pendingNames = new Map<string, string>();
  /** Why a row's last rename or open failed (team key → message). */
  readonly rowErrors = new Map<string, string>();
  private index: IndexedAccount[] = [];
  private rowsCache: Row[] | null = null;
  private clock: ReturnType<typeof setInterval> | undefined;

  get connected(): TeamtrayApi {
    if (this.api === null) throw new Error('The store is not connected to the preload API.');
    return this.api;
  }

  /** Subscribes to main's pushes, then asks for the state. */
  async connect(api: TeamtrayApi): Promise<void> {
    this.api = api;
    listenToMain(this, api);
    this.clock = setInterval(() => {
      this.now = Date.now();
      // The rows hold `now` too (the attention filter counts devices offline by it).
      this.changed();
    }, 30_000);
    // Marks for the benchmark: the state's trip from main, then teamtray:first-teams on screen.
    performance.mark('teamtray:state-requested');
    const result = await api.getState();
    performance.mark('teamtray:state-received');
    if (result.ok) {
      this.loadError = null;
      this.runtime.load(result.value.accounts);
      this.setState(fromAppState(result.value));
    } else {
      this.loadError = result.error;
      this.emit();
    }
  }

  dispose(): void {
    clearInterval(this.clock);
    this.listeners.clear();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // --- derived data -------------------------------------------------------------------------

  get accounts(): readonly Account[] {
    return this.state?.accounts ?? [];
  }

  account(id: string): Account | undefined {
    return this.accounts.find((account) => account.id === id);
  }

  /** Account headers, team rows and notes, filtered by the search. Memoised until a change. */
  get rows(): readonly Row[] {
    this.rowsCache ??= buildRows(this.index, {
      query: this.query,
      pendingNames: this.pendingNames,
      errors: this.rowErrors,
      expanded: this.expanded,
      collapsed: this.collapsed,
      runtimeOf: (accountId, teamId) => this.runtime.view(accountId as AccountId, teamId),
      attentionOnly: this.attentionOnly,
      now: this.now,
      devicesCount: this.state?.settings.devicesNeedAttention ?? false,
      shownInFull: this.shownInFull,
    });
    return this.rowsCache;
  }

  // --- changes ------------------------------------------------------------------------------

  setState(state: PopoverState): void {
    this.state = state;
    this.index = indexAccounts(state.accounts);
    if (state.accounts.length === 0 && this.view.name === 'teams') this.query = '';
    this.changed();
  }

  /** An account as addAccount or updateAccount answered it. */
  upsertAccount(view: AccountView): void {
    if (this.state === null) return;
    this.runtime.setAccount(view);
    const account = fromView(view);
    const accounts = this.state.accounts.some((existing) => existing.id === account.id)
      ? this.state.accounts.map((existing) => (existing.id === account.id ? account : existing))
      : [...this.state.accounts, account];
    this.setAccounts(accounts);
  }

  removeAccountLocally(id: string): void {
    if (this.state === null) return;
    this.runtime.forget(id);
    this.setAccounts(this.state.accounts.filter((account) => account.id !== id));
  }

  /** The accounts, as a push or a local change left them. */
  setAccounts(accounts: readonly Account[]): void {
    if (this.state === null) return;
    this.setState({ ...this.state, accounts });
  }

  /** Hides a notice at once; main forgets it too. */
  async dismissNotice(id: string): Promise<void> {
    if (this.state === null) return;
    this.state = {
      ...this.state,
      notices: this.state.notices.filter((notice) => notice.id !== id),
    };
    this.emit();
    await this.connected.dismissNotice({ id });
  }

  /** Saves settings through main and applies what main kept: null, or the refusal's words. */
  async saveSettings(patch: Partial<Settings>): Promise<string | null> {
    const result = await this.connected.updateSettings(patch);
    if (!result.ok) return result.error.message;
    this.applySettings(result.value);
    return null;
  }

  applySettings(settings: Settings): void {
    if (this.state === null) return;
    this.state = { ...this.state, settings };
    // The rows too: whether offline devices need attention decides what the filter shows.
    this.changed();
  }

  /** Reorders at once; main's answer (or its push) settles it. */
  reorderLocally(ids: readonly string[]): void {
    if (this.state === null) return;
    const byId = new Map(this.state.accounts.map((account) => [account.id as string, account]));
    const accounts = ids.flatMap((id) => {
      const account = byId.get(id);
      return account === undefined ? [] : [account];
    });
    if (accounts.length !== this.state.accounts.length) return;
    this.setAccounts(accounts);
  }

  /** What needs the user across every account, for the summary at the top. */
  get attention(): AttentionCounts {
    return this.runtime.attention(this.accounts, {
      now: this.now,
      devices: this.state?.settings.devicesNeedAttention ?? false,
    });
  }

  /** Opens or closes a team's instances and devices (also those a search or the filter opened). */
  toggleExpanded(key: string, open = !this.expanded.has(key)): void {
    if (open === this.expanded.has(key) && open !== this.collapsed.has(key)) return;
    if (open) this.expanded.add(key);
    else this.expanded.delete(key);
    if (open) this.collapsed.delete(key);
    else this.collapsed.add(key);
    this.changed();
  }

  /** Lists every instance or device of a team, past the first few dozen (`team/i`, `team/d`). */
  showAll(listKey: string): void {
    if (this.shownInFull.has(listKey)) return;
    this.shownInFull.add(listKey);
    this.changed();
  }

  setAttentionOnly(on: boolean): void {
    if (on === this.attentionOnly) return;
    this.attentionOnly = on;
    this.collapsed.clear();
    this.changed();
  }

  /** A notification was clicked: show its team open, on the list, scrolled to the item. */
  focusOn(target: FocusTarget): void {
    this.query = '';
    this.attentionOnly = false;
    this.view = { name: 'teams' };
    if (target.teamId !== null) {
      const team = teamKey(target.accountId, target.teamId);
      this.toggleExpanded(team, true);
      // Its item may be past the first few dozen of a big team: list them all.
      if (target.item !== null) {
        this.shownInFull.add(`${team}/${target.item.kind === 'instance' ? 'i' : 'd'}`);
      }
    }
    this.focusKey = focusKeyOf(target);
    this.changed();
  }

  setQuery(query: string): void {
    if (query === this.query) return;
    this.query = query;
    this.collapsed.clear();
    this.changed();
  }

  navigate(view: View): void {
    if (view.name === 'teams' || view.name === 'settings') this.formReturn = view;
    this.view = view;
    this.emit();
  }

  /** Shows a message under one team row (a failed rename or open) until dismissed. */
  reportRowError(key: string, message: string): void {
    this.rowErrors.set(key, message);
    this.changed();
  }

  dismissRowError(key: string): void {
    if (this.rowErrors.delete(key)) this.changed();
  }

  async refresh(accountId?: string): Promise<void> {
    const key = accountId ?? 'all';
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    this.emit();
    try {
      await this.connected.refresh(accountId === undefined ? undefined : { accountId });
    } finally {
      this.refreshing.delete(key);
      this.emit();
    }
  }

  /**
   * Validates, shows the new name at once, then asks main. On failure the old name comes back
   * with the reason beside it (store-rename.ts).
   */
  rename(team: Team, raw: string): Promise<RenameOutcome> {
    return renameTeam(this, team, raw);
  }

  /** For store-rename.ts: the name main saved, in place. */
  applyTeamName(team: Team, name: string): void {
    if (this.state !== null) this.setAccounts(withTeamName(this.state.accounts, team, name));
  }

  /** A change the rows must be built again for (renames, runtime pushes). */
  touch(): void {
    this.changed();
  }

  private changed(): void {
    this.rowsCache = null;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const store = new Store();

export { StoreController } from './store-controller';
