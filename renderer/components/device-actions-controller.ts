/**
 * What a device's row asks of main: restart its Node-RED, turn developer mode on or off, open
 * FlowFuse's page for its editor. Like an instance's actions (instance-actions-controller.ts):
 * the row shows what it asked for in the click's own frame ("Restarting…", the store's draft)
 * until the replica holds main's own (the device's `action`), so a second click cannot send a
 * second request; a refusal drops the draft and shows its reason under the row. No
 * confirmation: an instance's restart asks none either, and neither changes what the device runs.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  deviceModePermission,
  deviceRestartPermission,
  type DeviceAction,
  type DeviceMode,
} from '../../common/device-actions';
import { withTokenScope } from '../../common/token-health';
import { draftKey } from '../state/drafts';
import { rowErrorText } from '../state/error-help';
import type { DeviceRow } from '../state/runtime-rows';
import type { Store } from '../state/store';

export class DeviceActionsController implements ReactiveController {
  /** Said once by the list's status region ("Restarting press-1…"), for screen readers. */
  announcement = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    /** Puts the focus back on a row whose pressed button went away (when the focus was lost). */
    private readonly refocus: (key: string) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.announcement = '';
  }

  /** The action clicked on the row (its key) that main's model does not hold yet. */
  pendingAction(key: string): DeviceAction | null {
    return this.storeOf().drafts.get(draftKey.action<DeviceAction>(key)) ?? null;
  }

  restart(row: DeviceRow): Promise<void> {
    return this.send(row, 'restart');
  }

  setMode(row: DeviceRow, mode: DeviceMode): Promise<void> {
    return this.send(row, mode);
  }

  openEditor(row: DeviceRow): void {
    const store = this.storeOf();
    void store.connected
      .openDevice({
        accountId: row.account.id,
        teamId: row.team.id,
        deviceId: row.device.id,
        page: 'editor',
      })
      .then((result) => {
        if (!result.ok) store.reportRowError(row.key, rowErrorText(result.error));
      });
  }

  private async send(row: DeviceRow, action: DeviceAction): Promise<void> {
    const store = this.storeOf();
    const permission = withTokenScope(
      action === 'restart'
        ? deviceRestartPermission(row.team.role)
        : deviceModePermission(row.team.role),
      row.account.tokenInfo,
      row.team.id,
    );
    if (!permission.allowed) {
      store.reportRowError(row.key, permission.reason);
      return;
    }
    if (this.pendingAction(row.key) !== null || row.device.action !== null) return;
    store.dismissRowError(row.key);
    this.announcement = '';
    const ref = { accountId: row.account.id, teamId: row.team.id, deviceId: row.device.id };
    const sending = store.drafts.send([[draftKey.action<DeviceAction>(row.key), action]], () =>
      action === 'restart'
        ? store.connected.restartDevice(ref)
        : store.connected.setDeviceMode({ ...ref, mode: action }),
    );
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.refocus(row.key);
    });
    const result = await sending;
    if (result.ok) this.announcement = `${DONE[action]} ${row.device.name}`;
    else store.reportRowError(row.key, rowErrorText(result.error));
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      this.refocus(row.key);
    });
  }
}

const DONE: { readonly [A in DeviceAction]: string } = {
  restart: 'Restarting',
  developer: 'Developer mode on for',
  autonomous: 'Developer mode off for',
};
