/**
 * The renderer's state, in three parts:
 *
 * - main's facts: the replica of main's model (replica.ts), read-only;
 * - what is the UI's own: the view, the search, which teams are open, Show all, the attention
 *   filter, the row a notification asked for, why a row's last request failed, and the drafts
 *   of what the user changed, until main's model holds it (drafts.ts);
 * - what is derived from both: the rows of the list and the attention counts.
 *
 * Each is a signal (@preact/signals-core); derived data is `computed`, so it is worked out again
 * when, and only when, something it read changed. Components watch what they read
 * (SignalWatcher) and get the store from tt-app (store-context.ts).
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { attentionCounts, type AttentionCounts } from '../../common/attention';
import type { AccountId } from '../../common/brand';
import type { TeamtrayApi } from '../../common/contract';
import type { AppErrorShape } from '../../common/errors';
import type { Settings } from '../../common/model';
import { applyPinIntent, type PinIntent } from '../../common/pins';
import type { SettingsPatch } from '../../common/settings';
import { Drafts, draftKey, type DraftOf } from './drafts';
import type { FocusTarget } from '../../common/runtime';
import type { Account, Team, TeamtrayState } from '../../common/state';
import { FramePushes, type FrameSchedule } from './frame-pushes';
import { Replica } from './replica';
import { nextExpiryWithin } from './expiry-tick';
import { buildRows, teamKey, type Row, type RowOptions } from './rows';
import { itemKey } from './runtime-rows';
import { pinRows } from './pin-rows';
import { RowMemo } from './row-memo';
import { SearchNarrowing } from './search-narrowing';
import { pageIdle, warmSearchKeys, type IdleSchedule } from './search-warmup';
import { withNameDrafts } from './name-drafts';
import { renameTeam, type RenameOutcome } from './store-rename';
import { Selection } from './selection';
import type { BulkRun } from '../../common/bulk';

/** What the user did to pins, snoozes or quiet hours, and when (a snooze runs from then). */
interface PinDraft {
  readonly intent: PinIntent;
  readonly at: number;
}

export type View =
  | { readonly name: 'teams' }
  | { readonly name: 'settings' }
  | { readonly name: 'add' }
  | { readonly name: 'edit'; readonly accountId: string }
  | { readonly name: 'token'; readonly accountId: string }
  | { readonly name: 'inbox' };

const NO_DRAFTS: ReadonlyMap<string, string> = new Map();

/** How often "2 min ago" (and who counts as offline) is worked out again. */
const CLOCK_MS = 30_000;

export class Store {
  /** Main's model, as main last told it. */
  readonly replica = new Replica(() => this.askState());
  /** The instances picked for a bulk action (the UI's own, selection.ts). */
  readonly selection = new Selection();
  /**
   * What the user changed, shown until the replica holds main's own (drafts.ts): a name typed,
   * an action clicked, a setting, a pin, the accounts' order.
   */
  readonly drafts = new Drafts(this.replica.versionSignal);

  // --- the UI's own -------------------------------------------------------------------------

  /** Set when getState itself failed: the whole popover says so. */
  private readonly loadErrorSignal = signal<AppErrorShape | null>(null);
  private readonly viewSignal = signal<View>({ name: 'teams' });
  /** Where Back goes from a form: settings when the form was opened there. */
  private readonly formReturnSignal = signal<View>({ name: 'teams' });
  private readonly querySignal = signal('');
  /** A refresh of every account, asked for here, is on its way. */
  private readonly refreshingAllSignal = signal(false);
  /** Teams the user expanded (team keys). */
  private readonly expanded = signal<ReadonlySet<string>>(new Set());
  /** Teams the user closed although the search or the filter opened them (until those change). */
  private readonly collapsed = signal<ReadonlySet<string>>(new Set());
  /** A team's instances (`team/i`) or devices (`team/d`) listed in full (Show all). */
  private readonly shownInFull = signal<ReadonlySet<string>>(new Set());
  /** The list shows only what needs the user (the summary at the top was clicked). */
  private readonly attentionOnlySignal = signal(false);
  /** A row a notification asked to show; the list scrolls to it and forgets it. */
  private readonly focusKeySignal = signal<string | null>(null);
  /** Ticks every half minute so "2 min ago" stays true. */
  private readonly nowSignal = signal(Date.now());
  /** Why a row's last rename, action or open failed (row key → words). */
  private readonly rowErrorsSignal = signal<ReadonlyMap<string, string>>(new Map());
  /** The names typed for a rename (team key → name), for the rows. */
  private readonly nameDrafts = this.drafts.under('name:') as ReadonlySignal<
    ReadonlyMap<string, string>
  >;
  /** Settings changed (field → value). */
  private readonly settingsDrafts = this.drafts.under('settings:');
  /** Pins, snoozes and quiet hours changed, in the order the user made them. */
  private readonly pinDrafts = this.drafts.under('pins:') as ReadonlySignal<
    ReadonlyMap<string, PinDraft>
  >;
  /** The last bulk summary the user closed (its run's id; main's model keeps the run). */
  private readonly bulkClosed = signal(0);
  /**
   * Teams whose rows the list has had in its window since the search or the filter last changed
   * (team keys): their instances and devices are built as rows, other open teams' stand in as a
   * block (child-block.ts). Only added to while the results stay the same, so a team built stays
   * built and the window cannot swing between the two.
   */
  private readonly childrenIn = signal<ReadonlySet<string>>(new Set());

  // --- derived ------------------------------------------------------------------------------

  /** Main's accounts, in the order the user just gave while main is asked. */
  private readonly accountsSignal = computed(() =>
    inOrder(this.replica.state.value?.accounts ?? [], this.drafts.get(draftKey.order)),
  );
  private readonly settingsSignal = computed((): Settings | null => {
    const saved = this.replica.state.value?.settings;
    if (saved === undefined) return null;
    const fields = this.settingsDrafts.value;
    const pins = this.pinDrafts.value;
    if (fields.size === 0 && pins.size === 0) return saved;
    let shown: Settings = { ...saved, ...(Object.fromEntries(fields) as SettingsPatch) };
    for (const { intent, at } of pins.values()) {
      shown = { ...shown, ...applyPinIntent(shown, intent, at) };
    }
    return shown;
  });
  private readonly devicesCount = computed(
    () => this.settingsSignal.value?.devicesNeedAttention ?? false,
  );
  /** Keep a row the same object while it shows the same: the list redraws the rows that changed. */
  private readonly rowMemo = new RowMemo();
  private readonly pinMemo = new RowMemo();
  /** Which teams each query showed: a query that holds one walks only those (search-narrowing.ts). */
  private readonly narrowing = new SearchNarrowing();
  /**
   * The rows' structure: account headers, team rows, the rows under open teams (or a block for
   * them, child-block.ts) and notes, filtered by the search. The names typed for a rename are
   * laid over it (rowsSignal, name-drafts.ts); it reads them only while searching, when a team is
   * also found by the name on its way.
   */
  private readonly structureSignal: ReadonlySignal<readonly Row[]> = computed(() => [
    ...this.pinSection(this.pinMemo),
    ...buildRows(this.accountsSignal.value, {
      ...this.listOptions(),
      memo: this.rowMemo,
      narrowing: this.narrowing,
      drafts: this.querySignal.value.trim() === '' ? NO_DRAFTS : this.nameDrafts.value,
      childrenIn: this.childrenIn.value,
    }),
  ]);
  /** The rows the list shows: the structure, with the names typed for a rename on their rows. */
  private readonly rowsSignal = computed(() =>
    withNameDrafts(this.structureSignal.value, this.nameDrafts.value),
  );
  private readonly attentionSignal = computed(() =>
    attentionCounts(this.accountsSignal.value, {
      now: this.nowSignal.value,
      devices: this.devicesCount.value,
    }),
  );

  private api: TeamtrayApi | null = null;
  private readonly stops: (() => void)[] = [];
  private answered = false;

  get connected(): TeamtrayApi {
    if (this.api === null) throw new Error('The store is not connected to the preload API.');
    return this.api;
  }

  /**
   * Listens to main's pushes, then asks for the state. With `frames` (the page's: boot.ts), the
   * pushes of a frame are applied together (frame-pushes.ts); without, each as it comes. With
   * `idle` (the page's requestIdleCallback by default), the search keys of each model are worked
   * out while the page is idle (search-warmup.ts).
   */
  async connect(
    api: TeamtrayApi,
    options: { readonly frames?: FrameSchedule; readonly idle?: IdleSchedule | null } = {},
  ): Promise<void> {
    this.api = api;
    const idle = options.idle === undefined ? pageIdle() : options.idle;
    let stopWarming = (): void => undefined;
    const frames =
      options.frames === undefined
        ? null
        : new FramePushes((pushes) => {
            this.replica.receiveAll(pushes);
          }, options.frames);
    this.stops.push(
      api.on('patches', (push) => {
        if (frames === null) this.replica.receive(push);
        else frames.add(push);
      }),
      () => frames?.dispose(),
      api.on('focus', (target) => {
        this.focusOn(target);
      }),
      api.on('navigate', (view) => {
        this.navigate({ name: view });
      }),
      // An instance no longer listed leaves the selection.
      effect(() => {
        this.selection.prune(this.accountsSignal.value);
      }),
      // Each model's search keys before the first keystroke needs them.
      effect(() => {
        const accounts = this.accountsSignal.value;
        stopWarming();
        if (idle !== null) stopWarming = warmSearchKeys(accounts, idle);
      }),
      () => {
        stopWarming();
      },
      // The last account removed: a search for its teams would greet the next one.
      effect(() => {
        if (this.accountsSignal.value.length === 0 && this.viewSignal.peek().name === 'teams') {
          this.querySignal.value = '';
        }
      }),
    );
    const clock = setInterval(() => {
      this.nowSignal.value = Date.now();
    }, CLOCK_MS);
    this.stops.push(
      () => {
        clearInterval(clock);
      },
      // A token's known expiry between two ticks: a tick at it too (expiry-tick.ts).
      effect(() => {
        const at = nextExpiryWithin(this.accountsSignal.value, this.nowSignal.value, CLOCK_MS);
        if (at === null) return;
        const tick = setTimeout(
          () => {
            this.nowSignal.value = Date.now();
          },
          Math.max(0, at - Date.now()) + 1,
        );
        return () => {
          clearTimeout(tick);
        };
      }),
    );
    // A mark for the benchmark: the state's trip from main starts (askState marks its end).
    performance.mark('teamtray:state-requested');
    const error = await this.replica.fetch();
    if (this.replica.state.peek() === null && error !== null) this.fail(error);
  }

  /** Loads a state without main (the benchmark and tests that build the rows from a tree). */
  load(state: TeamtrayState): void {
    this.replica.load({ version: 0, state });
  }

  /** The popover cannot work: it says why instead of the list. */
  fail(error: AppErrorShape): void {
    this.loadErrorSignal.value = error;
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private async askState(): ReturnType<TeamtrayApi['getState']> {
    const result = await this.connected.getState();
    if (!this.answered) {
      this.answered = true;
      // For the benchmark: set in the task that applies the state, just before it.
      performance.mark('teamtray:state-received');
    }
    return result;
  }

  // --- reading ------------------------------------------------------------------------------

  /** Main's model, or null until getState answered. */
  get state(): TeamtrayState | null {
    return this.replica.state.value;
  }

  /** Main's settings, with a change the user just made shown before main's patch confirms it. */
  get settings(): Settings | null {
    return this.settingsSignal.value;
  }

  get loadError(): AppErrorShape | null {
    // Gone once a later getState answers (a push after a failure asks again).
    return this.replica.state.value === null ? this.loadErrorSignal.value : null;
  }

  get view(): View {
    return this.viewSignal.value;
  }

  get formReturn(): View {
    return this.formReturnSignal.value;
  }

  get query(): string {
    return this.querySignal.value;
  }

  get attentionOnly(): boolean {
    return this.attentionOnlySignal.value;
  }

  get focusKey(): string | null {
    return this.focusKeySignal.value;
  }

  get now(): number {
    return this.nowSignal.value;
  }

  get accounts(): readonly Account[] {
    return this.accountsSignal.value;
  }

  account(id: string): Account | undefined {
    return this.accounts.find((account) => account.id === id);
  }

  team(accountId: string, teamId: string): Team | undefined {
    return this.account(accountId)?.teams.find((team) => team.id === teamId);
  }

  get rows(): readonly Row[] {
    return this.rowsSignal.value;
  }

  /**
   * The list's rows with every open team's instances and devices built (no block): for what
   * reads past the window, as a Shift-click's range. Built on demand, not kept.
   */
  rowsInFull(): readonly Row[] {
    const rows = this.rows;
    if (!rows.some((row) => row.kind === 'children' || row.kind === 'teams')) return rows;
    return [
      ...this.pinSection(),
      ...buildRows(this.accountsSignal.value, {
        ...this.listOptions(),
        drafts: this.nameDrafts.value,
      }),
    ];
  }

  /** The pinned section, over the accounts; not while searching or filtering. */
  private pinSection(memo?: RowMemo): readonly Row[] {
    if (this.querySignal.value.trim() !== '' || this.attentionOnlySignal.value) return [];
    return pinRows(this.accountsSignal.value, this.settingsSignal.value?.pins ?? [], {
      drafts: NO_DRAFTS,
      errors: this.rowErrorsSignal.value,
      expanded: this.expanded.value,
      now: this.nowSignal.value,
      shownInFull: this.shownInFull.value,
      ...(memo === undefined ? {} : { memo }),
    });
  }

  /** What the list's rows are built from, apart from the memo, the drafts and the blocks. */
  private listOptions() {
    return {
      query: this.querySignal.value,
      errors: this.rowErrorsSignal.value,
      expanded: this.expanded.value,
      collapsed: this.collapsed.value,
      attentionOnly: this.attentionOnlySignal.value,
      now: this.nowSignal.value,
      devicesCount: this.devicesCount.value,
      shownInFull: this.shownInFull.value,
    } satisfies Partial<RowOptions>;
  }

  /** The list has these teams in its window: their instances and devices become rows. */
  showChildrenOf(teamKeys: Iterable<string>): void {
    const built = this.childrenIn.peek();
    const next = new Set(built);
    for (const key of teamKeys) next.add(key);
    if (next.size > built.size) this.childrenIn.value = next;
  }

  /** What needs the user across every account, for the summary at the top. */
  get attention(): AttentionCounts {
    return this.attentionSignal.value;
  }

  /** The header's refresh: every account asked here, or any account loading or refreshing. */
  get refreshingAny(): boolean {
    return (
      this.refreshingAllSignal.value ||
      this.accounts.some((account) => account.refreshing || account.status === 'loading')
    );
  }

  /** An account's header: its own refresh, or one of every account asked here. */
  refreshing(account: Account): boolean {
    return account.refreshing || this.refreshingAllSignal.value;
  }

  /** The last bulk action main ran (its summary), unless the user closed it. */
  get bulkRun(): BulkRun | null {
    const run = this.replica.state.value?.bulk ?? null;
    return run === null || run.id <= this.bulkClosed.value ? null : run;
  }

  /** Closes a bulk action's summary (main keeps the run; the next one shows). */
  closeBulkSummary(id: number): void {
    this.bulkClosed.value = Math.max(this.bulkClosed.peek(), id);
  }

  rowError(key: string): string | null {
    return this.rowErrorsSignal.value.get(key) ?? null;
  }

  // --- the UI's own changes -----------------------------------------------------------------

  /** Opens or closes a team's instances and devices (also those a search or the filter opened). */
  toggleExpanded(key: string, open = !this.expanded.peek().has(key)): void {
    batch(() => {
      this.expanded.value = withMember(this.expanded.peek(), key, open);
      this.collapsed.value = withMember(this.collapsed.peek(), key, !open);
    });
  }

  /** Lists every instance or device of a team, past the first few dozen (`team/i`, `team/d`). */
  showAll(listKey: string): void {
    this.shownInFull.value = withMember(this.shownInFull.peek(), listKey, true);
  }

  setAttentionOnly(on: boolean): void {
    if (on === this.attentionOnlySignal.peek()) return;
    batch(() => {
      this.attentionOnlySignal.value = on;
      this.collapsed.value = new Set();
      this.childrenIn.value = new Set();
    });
  }

  /** A notification was clicked: show its team open, on the list, scrolled to the item. */
  focusOn(target: FocusTarget): void {
    batch(() => {
      this.querySignal.value = '';
      this.attentionOnlySignal.value = false;
      this.viewSignal.value = { name: 'teams' };
      if (target.teamId !== null) {
        const team = teamKey(target.accountId, target.teamId);
        this.toggleExpanded(team, true);
        // Its item may be past the first few dozen of a big team: list them all.
        if (target.item !== null) {
          this.showAll(`${team}/${target.item.kind === 'instance' ? 'i' : 'd'}`);
        }
      }
      this.focusKeySignal.value = focusKeyOf(target);
    });
  }

  /** The list has brought the notification's row into view. */
  clearFocusKey(): void {
    this.focusKeySignal.value = null;
  }

  setQuery(query: string): void {
    if (query === this.querySignal.peek()) return;
    batch(() => {
      this.querySignal.value = query;
      this.collapsed.value = new Set();
      this.childrenIn.value = new Set();
    });
  }

  navigate(view: View): void {
    batch(() => {
      if (view.name === 'teams' || view.name === 'settings') this.formReturnSignal.value = view;
      this.viewSignal.value = view;
    });
  }

  /** Shows a message under one row (a failed rename, action or open) until dismissed. */
  reportRowError(key: string, message: string): void {
    const errors = new Map(this.rowErrorsSignal.peek());
    errors.set(key, message);
    this.rowErrorsSignal.value = errors;
  }

  dismissRowError(key: string): void {
    const errors = this.rowErrorsSignal.peek();
    if (!errors.has(key)) return;
    const next = new Map(errors);
    next.delete(key);
    this.rowErrorsSignal.value = next;
  }

  // --- asking main --------------------------------------------------------------------------

  /** Asks main to read every account again, or one. Main's patches show the refresh. */
  async refresh(accountId?: AccountId): Promise<void> {
    if (accountId !== undefined) {
      if (this.account(accountId)?.refreshing === true) return;
      await this.connected.refresh({ accountId });
      return;
    }
    if (this.refreshingAllSignal.peek()) return;
    this.refreshingAllSignal.value = true;
    try {
      await this.connected.refresh();
    } finally {
      this.refreshingAllSignal.value = false;
    }
  }

  /**
   * Validates, shows the new name at once, then asks main. On failure the old name comes back
   * with the reason beside it (store-rename.ts).
   */
  rename(accountId: AccountId, teamId: string, raw: string): Promise<RenameOutcome> {
    return renameTeam(this, accountId, teamId, raw);
  }

  /** Main forgets the notice; its patch hides it. */
  async dismissNotice(id: string): Promise<void> {
    await this.connected.dismissNotice({ id });
  }

  /**
   * Saves settings through main: null, or the refusal's words. Each setting changed shows at
   * once, as a draft, until the replica holds what main saved; a refused change goes back at once.
   */
  async saveSettings(patch: SettingsPatch): Promise<string | null> {
    const drafts = Object.entries(patch).map(([field, value]): DraftOf<unknown> => [
      draftKey.setting(field),
      value,
    ]);
    const result = await this.drafts.send(drafts, () => this.connected.updateSettings(patch));
    return result.ok ? null : result.error.message;
  }

  /**
   * Sends what the user did to pins, snoozes or quiet hours (main applies it to what it saved,
   * so a snooze main made meanwhile stays): null, or the refusal's words. It shows at once, over
   * main's settings, until the replica holds main's.
   */
  async changePins(intent: PinIntent): Promise<string | null> {
    const draft: DraftOf<PinDraft> = [draftKey.pins(pinTarget(intent)), { intent, at: Date.now() }];
    const result = await this.drafts.send([draft], () => this.connected.changePins(intent));
    return result.ok ? null : result.error.message;
  }

  /**
   * Moves the accounts into the order given (their ids): it shows at once, until the replica holds
   * main's; null, or the refusal's words (main's order then shows again).
   */
  async reorderAccounts(ids: readonly string[]): Promise<string | null> {
    const result = await this.drafts.send([[draftKey.order, ids]], () =>
      this.connected.reorderAccounts({ ids: [...ids] }),
    );
    return result.ok ? null : result.error.message;
  }
}

/** What a pin intent changes: one pin, one snooze, or the quiet hours. */
function pinTarget(intent: PinIntent): string {
  switch (intent.kind) {
    case 'pin':
    case 'unpin':
      return `pin:${intent.pin.accountId}/${intent.pin.kind}/${intent.pin.id}`;
    case 'snooze':
    case 'unsnooze':
      return `snooze:${intent.key}`;
    case 'quiet':
      return 'quiet';
  }
}

/** The accounts in the order given, when it names each of them once; else as they are. */
function inOrder(
  accounts: readonly Account[],
  ids: readonly string[] | undefined,
): readonly Account[] {
  if (ids === undefined) return accounts;
  const byId = new Map(accounts.map((account) => [account.id as string, account]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return ordered.length === accounts.length ? ordered : accounts;
}

function withMember(set: ReadonlySet<string>, key: string, member: boolean): ReadonlySet<string> {
  if (set.has(key) === member) return set;
  const next = new Set(set);
  if (member) next.add(key);
  else next.delete(key);
  return next;
}

/** The row a notification's target names: its item, else its team, else its account. */
function focusKeyOf(target: FocusTarget): string {
  if (target.teamId === null) return `a:${target.accountId}`;
  if (target.item === null) return teamKey(target.accountId, target.teamId);
  return itemKey(target.accountId, target.teamId, target.item.kind, target.item.id);
}
