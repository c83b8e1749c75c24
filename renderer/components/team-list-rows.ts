/**
 * One row of the list as a template, whatever its kind, with what each kind needs: the team's
 * summary and rename state, an instance's pending action and error, an account's refresh. The
 * handlers are built once, so a scroll frame allocates no closures per row.
 *
 * A row redraws only when what it shows changed: its template is guarded (lit's `guard`) on its
 * row object, which the store keeps the same object while the row shows the same
 * (../state/row-memo.ts), and on the values of its context (focus, pending action, error, the
 * clock...). So a patch to one instance, a keystroke in the rename field or a focus move runs the
 * template of the one or two rows it changed; the list's `repeat` keeps every other row's DOM and
 * skips its template. Guarded templates rather than one element per row with its own signals:
 * the rows stay plain templates in one shadow root (one stylesheet, no 2,000 custom elements to
 * upgrade on a scroll), the row objects are already memoized on the model's nodes, and every
 * context value the row reads is in its guard by construction (all of them, handlers aside), so a
 * new one cannot be forgotten.
 */
import type { TemplateResult } from 'lit';
import type { DirectiveResult } from 'lit/directive.js';
import { guard } from 'lit/directives/guard.js';
import type { Account } from '../../common/state';
import { rowPinned, rowSnoozedUntil, toggleSnoozed, type PinnableRow } from '../state/pin-actions';
import type { AccountRow, PinGoneRow, Row, TeamRow } from '../state/rows';
import type {
  DeviceRow,
  InstanceRow,
  RuntimeHeadingRow,
  RuntimeMoreRow,
  RuntimeNoteRow,
} from '../state/runtime-rows';
import type { Store } from '../state/store';
import { listFailed, teamSummary } from '../state/team-summary';
import { renderAccountHeader, renderNoteRow, type AccountHeaderContext } from './account-header';
import { renderChildBlock } from './child-block-row';
import type { ChildRowContext } from './child-rows';
import type { RowActions, RowDeviceActions, RowLogs } from './lazy-row-controllers';
import type { RowHistoryController } from './row-history-controller';
import { childRowsPart, renderRowLoading } from './lazy-rows';
import { renderPinsHeading } from './pin-parts';
import { openTeam } from './team-actions';
import { renderTeamRow, type TeamRowContext } from './team-row';
import type { TeamRenameController } from './team-rename-controller';

export interface ListRowDeps {
  /** The list's store (known once the list is connected). */
  readonly store: () => Store;
  readonly rename: TeamRenameController;
  readonly actions: RowActions;
  readonly devices: RowDeviceActions;
  readonly logs: RowLogs;
  /** Which rows have their history open. */
  readonly histories: RowHistoryController;
  readonly onOpen: (row: TeamRow) => void;
  readonly onCopy: (row: TeamRow) => void;
  readonly onRename: (row: TeamRow) => void;
  readonly onShowAll: (row: RuntimeMoreRow) => void;
  /** Pins the row's item, or unpins it (a pin the server no longer lists, too). */
  readonly onPin: (row: PinnableRow | PinGoneRow) => void;
  /** A click on an instance's picking box (bulk actions). */
  readonly onSelect: (row: InstanceRow, event: MouseEvent) => void;
}

type TeamHandlers = Omit<
  TeamRowContext,
  'active' | 'query' | 'editing' | 'editError' | 'editorRef' | 'summary' | 'pinned' | 'withActions'
>;
type ChildHandlers = Omit<
  ChildRowContext,
  | 'active'
  | 'query'
  | 'now'
  | 'error'
  | 'pending'
  | 'pinned'
  | 'snoozedUntil'
  | 'logShown'
  | 'logAll'
  | 'devicePending'
  | 'selected'
  | 'historyShown'
>;

/** A row's template, or lit's guard over it. */
export type RowTemplate = TemplateResult | DirectiveResult;

/** What a row's template shows: its row object and its context's values (the handlers aside). */
function shownBy(row: Row, ctx: object): unknown[] {
  const shown: unknown[] = [row];
  for (const value of Object.values(ctx)) if (typeof value !== 'function') shown.push(value);
  return shown;
}

export class ListRowRenderer {
  /** The team rows' buttons are drawn: not in the list's first frame (team-row.ts). */
  withActions = false;
  private readonly team: TeamHandlers;
  private readonly child: ChildHandlers;
  private readonly account: Pick<
    AccountHeaderContext,
    'onRetry' | 'onReplaceToken' | 'onChooseToken'
  >;

  constructor(private readonly deps: ListRowDeps) {
    const { store, actions, logs } = deps;
    this.team = {
      onToggle: (row) => {
        store().toggleExpanded(row.key, !row.open);
      },
      onRename: deps.onRename,
      onOpen: deps.onOpen,
      onOpenSettings: (row) => {
        openTeam(store(), row, 'settings');
      },
      onCopy: deps.onCopy,
      onEditorKey: deps.rename.onKey,
      onEditorInput: deps.rename.onInput,
      onEditorBlur: deps.rename.onBlur,
      onDismissError: (row) => {
        store().dismissRowError(row.key);
      },
      onPin: deps.onPin,
    };
    this.child = {
      onAction: (row, action) => void actions.act(row, action),
      onOpenInstance: (row, page) => {
        actions.openInstance(row, page);
      },
      onOpenDevice: (row) => {
        actions.openDevice(row);
      },
      onRestartDevice: (row) => void deps.devices.restart(row),
      onDeviceMode: (row, mode) => void deps.devices.setMode(row, mode),
      onOpenDeviceEditor: (row) => {
        deps.devices.openEditor(row);
      },
      onDismissError: (key) => {
        store().dismissRowError(key);
      },
      onToggleLog: (row) => {
        logs.toggle(row);
      },
      onReadLog: (row) => {
        logs.read(row);
      },
      onCopyLog: (row) => void logs.copy(row),
      onOpenLog: (row) => {
        logs.open(row);
      },
      onLogAll: (row) => {
        logs.toggleAll(row);
      },
      onToggleHistory: (row) => {
        deps.histories.toggle(row.key);
      },
      onPin: deps.onPin,
      onSelect: deps.onSelect,
      onSnooze: (row) => {
        const at = store().now;
        void toggleSnoozed(store(), row, at).then((error) => {
          if (error !== null) store().reportRowError(row.key, error);
        });
      },
    };
    this.account = {
      onRetry: (account: Account) => void store().refresh(account.id),
      onReplaceToken: (account: Account) => {
        store().navigate({ name: 'token', accountId: account.id });
      },
      onChooseToken: () => {
        store().navigate({ name: 'settings' });
      },
    };
  }

  /** Snoozes an instance's or a device's notifications for an hour, or ends it (its S key). */
  snooze(row: InstanceRow | DeviceRow): void {
    this.child.onSnooze(row);
  }

  row(row: Row, tabStop: string | null): RowTemplate {
    const { rename, actions } = this.deps;
    const store = this.deps.store();
    switch (row.kind) {
      case 'account': {
        const ctx = this.header(row, false);
        return guard(shownBy(row, ctx), () => renderAccountHeader(row, ctx));
      }
      case 'note':
        return guard([row], () => renderNoteRow(row));
      case 'instance':
      case 'device': {
        // The rows under a team load on first use (lazy-rows.ts): a placeholder until then.
        const part = childRowsPart();
        if (part === null) return renderRowLoading(row);
        const ctx: ChildRowContext = {
          ...this.child,
          active: row.key === tabStop,
          query: store.query,
          now: store.now,
          error: store.rowError(row.key),
          pending: actions.pendingAction(row.key),
          devicePending: this.deps.devices.pendingAction(row.key),
          logShown: row.kind === 'instance' && this.deps.logs.shown(row),
          logAll: this.deps.logs.allShown(row.key),
          historyShown: this.deps.histories.shown(row.key),
          pinned: rowPinned(store.settings, row),
          snoozedUntil: rowSnoozedUntil(store.settings, row, store.now),
          selected: row.kind === 'instance' && store.selection.has(row.account.id, row.instance.id),
        };
        // The part is in the guard too: the rows drawn once it arrived are its templates.
        if (row.kind === 'device') {
          return guard([part, ...shownBy(row, ctx)], () => part.renderDeviceRow(row, ctx));
        }
        // A log shown under it draws once its module is in (lazy-log.ts: a signal the template
        // reads), which no guard would see: such a row, one of a few, is drawn every time.
        if (ctx.logShown) return part.renderInstanceRow(row, ctx);
        return guard([part, ...shownBy(row, ctx)], () => part.renderInstanceRow(row, ctx));
      }
      case 'runtime-note':
      case 'runtime-heading':
      case 'runtime-more':
      case 'pin-gone':
        return this.partRow(row, tabStop);
      case 'pins-heading':
        return guard([row], () => renderPinsHeading(row));
      case 'children':
      case 'teams':
        return guard([row.key], () => renderChildBlock(row));
      case 'team': {
        const editing = row.key === rename.editingKey;
        const ctx = {
          ...this.team,
          active: row.key === tabStop,
          query: store.query,
          editing,
          editError: editing ? rename.error : null,
          editorRef: rename.editorRef,
          pinned: rowPinned(store.settings, row),
          withActions: this.withActions,
        };
        const { now } = store;
        // Its summary reads its team's instances (the row's own) and the clock.
        return guard([...shownBy(row, ctx), now], () =>
          renderTeamRow(row, {
            ...ctx,
            summary: teamSummary(
              row.team.runtime,
              now,
              row.team.role,
              listFailed(row.account.status),
            ),
          }),
        );
      }
    }
  }

  /** A row drawn by the lazily loaded part (lazy-rows.ts), or its placeholder until it is in. */
  private partRow(
    row: RuntimeNoteRow | RuntimeHeadingRow | RuntimeMoreRow | PinGoneRow,
    tabStop: string | null,
  ): RowTemplate {
    const part = childRowsPart();
    if (part === null) return renderRowLoading(row);
    switch (row.kind) {
      case 'runtime-note':
        return guard([part, row], () => part.renderRuntimeNote(row));
      case 'runtime-heading':
        return guard([part, row], () => part.renderRuntimeHeading(row));
      case 'runtime-more': {
        const active = row.key === tabStop;
        return guard([part, row, active], () =>
          part.renderRuntimeMore(row, active, this.deps.onShowAll),
        );
      }
      case 'pin-gone':
        return guard([part, row], () => part.renderPinGone(row, this.deps.onPin));
    }
  }

  /** The header of an account's section, in the list or pinned over its top. */
  header(row: AccountRow, pinned: boolean): AccountHeaderContext {
    const store = this.deps.store();
    return {
      ...this.account,
      now: store.now,
      refreshing: store.refreshing(row.account),
      searching: store.query.trim() !== '',
      pinned,
    };
  }
}
