/**
 * A device row's own actions: its editor's page in FlowFuse (developer mode on), Restart (team
 * owners, where the server has the route), and developer mode on or off (members and owners,
 * where the server has it and its licence allows). A route the server is too old for, or
 * unlicensed, is not offered at all (common/device-actions.ts); nothing is offered while an action
 * is under way. A member gets no Restart: a restart is the owner's, as for instances. A read-only
 * or team-limited token (FlowFuse 2.32+) gets them disabled, saying why ("This token is read-only").
 */
import { html, nothing, type TemplateResult } from 'lit';
import {
  deviceModePermission,
  deviceRestartPermission,
  deviceRouteOffered,
  type DeviceAction,
  type DeviceMode,
} from '../../common/device-actions';
import { withTokenScope } from '../../common/token-health';
import type { DeviceRow } from '../state/runtime-rows';
import { rowButton } from './row-button';
import { restartIcon, slidersIcon } from './icons';
import { editorIcon } from './part-icons';

/** What the device actions need of the row's context (child-rows.ts's ChildRowContext). */
export interface DeviceActionsContext {
  readonly active: boolean;
  readonly onRestartDevice: (row: DeviceRow) => void;
  readonly onDeviceMode: (row: DeviceRow, mode: DeviceMode) => void;
  readonly onOpenDeviceEditor: (row: DeviceRow) => void;
}

export function renderDeviceActions(
  row: DeviceRow,
  ctx: DeviceActionsContext,
  busy: DeviceAction | null,
): TemplateResult | typeof nothing {
  const { device, account, team } = row;
  const { name } = device;
  const developer = device.mode === 'developer';
  const editor = developer
    ? rowButton(
        `Open the editor of ${name} in FlowFuse`,
        'Editor',
        'Open FlowFuse’s page for its Node-RED editor (developer mode is on)',
        editorIcon,
        ctx,
        () => {
          ctx.onOpenDeviceEditor(row);
        },
      )
    : nothing;
  if (busy !== null) return editor;
  // What the token may not do (read-only, or limited to other teams) is offered disabled, its
  // title saying why; a press says it under the row (device-actions-controller.ts).
  const scope = withTokenScope({ allowed: true }, account.tokenInfo, team.id);
  const why = scope.allowed ? null : scope.reason;
  const restart =
    deviceRestartPermission(team.role).allowed &&
    deviceRouteOffered(account, 'restart') &&
    device.lastSeenAt !== null
      ? rowButton(
          `Restart ${name}`,
          'Restart',
          why ?? 'Restart its Node-RED',
          restartIcon,
          ctx,
          () => {
            ctx.onRestartDevice(row);
          },
          why !== null,
        )
      : nothing;
  const mode =
    deviceModePermission(team.role).allowed && deviceRouteOffered(account, 'mode')
      ? rowButton(
          developer ? `Turn developer mode off for ${name}` : `Turn developer mode on for ${name}`,
          developer ? 'Dev mode off' : 'Dev mode on',
          why ??
            (developer
              ? 'Developer mode off: the device follows its pipeline’s snapshots again'
              : 'Developer mode on: edit its flows in FlowFuse; it stops following snapshots'),
          slidersIcon,
          ctx,
          () => {
            ctx.onDeviceMode(row, developer ? 'autonomous' : 'developer');
          },
          why !== null,
        )
      : nothing;
  return html`${editor}${restart}${mode}`;
}
