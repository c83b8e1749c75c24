/**
 * What the rows under a team ask of main: start, restart, stop or suspend an instance, open its
 * editor or its FlowFuse page, open a device's page. Main shows the transition ("Stopping…") in
 * its patch before the request even leaves; until the replica holds that patch the row shows the
 * same transition as its draft (the store's drafts, drafts.ts) and offers no action, so a second
 * click cannot send a second request. A refusal drops the draft and shows its reason under the
 * row (main puts the state back itself); suspend asks first.
 */
import { withTokenScope } from '../../common/token-health';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { actionPermission } from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import { draftKey } from '../state/drafts';
import { rowErrorText } from '../state/error-help';
import type { DeviceRow, InstanceRow } from '../state/runtime-rows';
import type { Store } from '../state/store';
import type { Question } from './tt-confirm';

export interface InstanceActionsOptions {
  /** Asks the user (the list's confirm dialog); resolves true for yes. */
  readonly confirm: (question: Question) => Promise<boolean>;
  /**
   * Puts the focus back on a row whose pressed button went away (when the focus was lost); with
   * `leaving`, whose pressed button goes away with the next render (when the focus is in the row
   * or was lost), so the row takes it first.
   */
  readonly refocus: (key: string, leaving?: boolean) => void;
}

export class InstanceActionsController implements ReactiveController {
  /** Said once by the list's status region ("Stop sent to line-1"), for screen readers. */
  announcement = '';

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

  /** The action clicked on the row (its key) that main's model does not hold yet. */
  pendingAction(key: string): InstanceAction | null {
    return this.storeOf().drafts.get(draftKey.action<InstanceAction>(key)) ?? null;
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
    if (this.pendingAction(row.key) !== null || instance.action !== null) return;
    if (action === 'suspend') {
      const yes = await this.options.confirm({
        title: `Suspend ${instance.name}?`,
        body: 'Suspending stops the instance and frees its resources. Its flows stay stopped until you start it again.',
        confirm: 'Suspend',
      });
      this.options.refocus(row.key);
      if (!yes) return;
    }
    store.dismissRowError(row.key);
    this.announcement = '';
    const sending = store.drafts.send([[draftKey.action<InstanceAction>(row.key), action]], () =>
      store.connected.instanceAction({
        accountId: row.account.id,
        teamId: row.team.id,
        instanceId: instance.id,
        action,
      }),
    );
    // The pressed button goes away with this render (nothing to press twice): its row takes the
    // focus first, so the render takes no focused button away (and needs no second one for it).
    this.options.refocus(row.key, true);
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.options.refocus(row.key);
    });
    const result = await sending;
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
