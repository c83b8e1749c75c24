/**
 * One row of the list as a template, whatever its kind, with what each kind needs: the team's
 * summary and rename state, an instance's pending action and error, an account's refresh. The
 * handlers are built once, so a scroll frame allocates no closures per row.
 */
import type { TemplateResult } from 'lit';
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
  'active' | 'query' | 'editing' | 'editError' | 'editorRef' | 'summary' | 'pinned'
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

export class ListRowRenderer {
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

  row(row: Row, tabStop: string | null): TemplateResult {
    const { rename, actions } = this.deps;
    const store = this.deps.store();
    switch (row.kind) {
      case 'account':
        return renderAccountHeader(row, this.header(row, false));
      case 'note':
        return renderNoteRow(row);
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
        return row.kind === 'instance'
          ? part.renderInstanceRow(row, ctx)
          : part.renderDeviceRow(row, ctx);
      }
      case 'runtime-note':
      case 'runtime-heading':
      case 'runtime-more':
      case 'pin-gone':
        return this.partRow(row, tabStop);
      case 'pins-heading':
        return renderPinsHeading(row);
      case 'team': {
        const editing = row.key === rename.editingKey;
        return renderTeamRow(row, {
          ...this.team,
          active: row.key === tabStop,
          query: store.query,
          editing,
          editError: editing ? rename.error : null,
          editorRef: rename.editorRef,
          summary: teamSummary(
            row.team.runtime,
            store.now,
            row.team.role,
            listFailed(row.account.status),
          ),
          pinned: rowPinned(store.settings, row),
        });
      }
    }
  }

  /** A row drawn by the lazily loaded part (lazy-rows.ts), or its placeholder until it is in. */
  private partRow(
    row: RuntimeNoteRow | RuntimeHeadingRow | RuntimeMoreRow | PinGoneRow,
    tabStop: string | null,
  ): TemplateResult {
    const part = childRowsPart();
    if (part === null) return renderRowLoading(row);
    switch (row.kind) {
      case 'runtime-note':
        return part.renderRuntimeNote(row);
      case 'runtime-heading':
        return part.renderRuntimeHeading(row);
      case 'runtime-more':
        return part.renderRuntimeMore(row, row.key === tabStop, this.deps.onShowAll);
      case 'pin-gone':
        return part.renderPinGone(row, this.deps.onPin);
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
