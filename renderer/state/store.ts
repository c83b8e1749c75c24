/**
 * The one place the renderer keeps state: the AppState from main, the pushes that patch it,
 * the search, and the optimistic renames. Components read derived data and subscribe through
 * StoreController; they never hold a copy of their own.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TeamtrayApi } from '../../common/contract';
import type { AppErrorShape } from '../../common/errors';
import type { AccountView, Settings } from '../../common/model';
import { checkTeamName } from '../../common/team-name';
import type { Account, Team } from './account-item';
import { buildRows, indexAccounts, teamKey, type IndexedAccount, type Row } from './rows';
import {
  fromAppState,
  fromView,
  inOrder,
  withAccountUpdate,
  withTeamName,
  type PopoverState,
} from './state-updates';

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
  /** Ticks every half minute so "2 min ago" stays true. */
  now = Date.now();

  private api: TeamtrayApi | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly pendingNames = new Map<string, string>();
  private readonly rowErrors = new Map<string, string>();
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
    api.on('accountChanged', (update) => {
      if (this.state === null) return;
      this.setAccounts(withAccountUpdate(this.state.accounts, update));
    });
    api.on('accountOrder', (ids) => {
      if (this.state === null) return;
      this.setAccounts(inOrder(this.state.accounts, ids));
    });
    api.on('appChanged', (app) => {
      if (this.state === null) return;
      this.state = { ...this.state, ...app };
      this.emit();
    });
    api.on('navigate', (view) => {
      this.navigate({ name: view });
    });
    this.clock = setInterval(() => {
      this.now = Date.now();
      this.emit();
    }, 30_000);
    // Marks for the benchmark: the state's trip from main, then teamtray:first-teams on screen.
    performance.mark('teamtray:state-requested');
    const result = await api.getState();
    performance.mark('teamtray:state-received');
    if (result.ok) {
      this.loadError = null;
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
    const account = fromView(view);
    const accounts = this.state.accounts.some((existing) => existing.id === account.id)
      ? this.state.accounts.map((existing) => (existing.id === account.id ? account : existing))
      : [...this.state.accounts, account];
    this.setAccounts(accounts);
  }

  removeAccountLocally(id: string): void {
    if (this.state === null) return;
    this.setAccounts(this.state.accounts.filter((account) => account.id !== id));
  }

  private setAccounts(accounts: readonly Account[]): void {
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

  applySettings(settings: Settings): void {
    if (this.state === null) return;
    this.state = { ...this.state, settings };
    this.emit();
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

  setQuery(query: string): void {
    if (query === this.query) return;
    this.query = query;
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
   * with the reason beside it.
   */
  async rename(team: Team, raw: string): Promise<RenameOutcome> {
    const key = teamKey(team.accountId, team.id);
    const check = checkTeamName(raw);
    if (!check.ok) return { ok: false, reason: check.reason };
    this.rowErrors.delete(key);
    // The saved name needs no request, unless an earlier rename to another one is in flight.
    if (check.name === team.name && !this.pendingNames.has(key)) {
      this.changed();
      return { ok: true };
    }
    this.pendingNames.set(key, check.name);
    this.changed();
    const result = await this.connected.renameTeam({
      accountId: team.accountId,
      teamId: team.id,
      name: check.name,
    });
    // A later rename of the same team owns the override now.
    if (this.pendingNames.get(key) === check.name) this.pendingNames.delete(key);
    if (result.ok) {
      if (this.state !== null) {
        this.setAccounts(withTeamName(this.state.accounts, team, result.value.name));
      }
      return { ok: true };
    }
    const reason = `Could not rename to “${check.name}”: ${result.error.message}`;
    this.rowErrors.set(key, reason);
    this.changed();
    return { ok: false, reason };
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

/** Re-renders its host whenever the store changes. */
export class StoreController implements ReactiveController {
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly store: Store,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.unsubscribe = this.store.subscribe(() => {
      this.host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
