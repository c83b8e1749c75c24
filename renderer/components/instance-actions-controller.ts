/**
 * What the rows under a team ask of main: start, restart, stop or suspend an instance, open its
 * editor or its FlowFuse page, open a device's page. Main shows the transition ("Stopping…") in
 * its patch before the request even leaves; until that patch arrives the row shows the same
 * transition as its own draft and offers no action, so a second click cannot send a second
 * request. A refusal shows its reason
 * under the row (main puts the state back itself); suspend asks first.
 */
import { withTokenScope } from '../../common/token-health';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { actionPermission } from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import { rowErrorText } from '../state/error-help';
import type { DeviceRow, InstanceRow } from '../state/runtime-rows';
import type { Store } from '../state/store';
import type { Question } from './tt-confirm';

export interface InstanceActionsOptions {
  /** Asks the user (the list's confirm dialog); resolves true for yes. */
  readonly confirm: (question: Question) => Promise<boolean>;
  /** Puts the focus back on a row whose pressed button went away (when the focus was lost). */
  readonly refocus: (key: string) => void;
}

export class InstanceActionsController implements ReactiveController {
  /** Said once by the list's status region ("Stop sent to line-1"), for screen readers. */
  announcement = '';
  /** Actions asked for and not yet answered by main (row key → action): the UI's own draft. */
  private readonly pending = new Map<string, InstanceAction>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly options: InstanceActionsOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    // A list that comes back says nothing stale.
    this.announcement = '';
  }

  pendingAction(key: string): InstanceAction | null {
    return this.pending.get(key) ?? null;
  }

  async act(row: InstanceRow, action: InstanceAction): Promise<void> {
    const { instance } = row;
    const store = this.storeOf();
    const permission = withTokenScope(
      actionPermission(row.team.role),
      row.account.tokenInfo,
      row.team.id,
    );
    if (!permission.allowed) {
      store.reportRowError(row.key, permission.reason);
      return;
    }
    if (this.pending.has(row.key) || instance.action !== null) return;
    if (action === 'suspend') {
      const yes = await this.options.confirm({
        title: `Suspend ${instance.name}?`,
        body: 'Suspending stops the instance and frees its resources. Its flows stay stopped until you start it again.',
        confirm: 'Suspend',
      });
      this.options.refocus(row.key);
      if (!yes) return;
    }
    this.pending.set(row.key, action);
    store.dismissRowError(row.key);
    this.announcement = '';
    this.host.requestUpdate();
    // The pressed button goes away with this render (nothing to press twice): keep the place.
    void this.host.updateComplete.then(() => {
      this.options.refocus(row.key);
    });
    const result = await store.connected.instanceAction({
      accountId: row.account.id,
      teamId: row.team.id,
      instanceId: instance.id,
      action,
    });
    this.pending.delete(row.key);
    if (result.ok) {
      this.announcement = `${VERB_ING[action]} ${instance.name}…`;
    } else {
      store.reportRowError(row.key, rowErrorText(result.error));
    }
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.options.refocus(row.key);
    });
  }

  openInstance(row: InstanceRow, page: 'editor' | 'flowfuse' | 'audit-log'): void {
    const store = this.storeOf();
    void store.connected
      .openInstance({
        accountId: row.account.id,
        teamId: row.team.id,
        instanceId: row.instance.id,
        page,
      })
      .then((result) => {
        if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
      });
  }

  openDevice(row: DeviceRow): void {
    const store = this.storeOf();
    void store.connected
      .openDevice({ accountId: row.account.id, teamId: row.team.id, deviceId: row.device.id })
      .then((result) => {
        if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
      });
  }
}

const VERB_ING: { readonly [A in InstanceAction]: string } = {
  start: 'Starting',
  restart: 'Restarting',
  stop: 'Stopping',
  suspend: 'Suspending',
};
