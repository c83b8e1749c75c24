/**
 * The runtime area: an instance's actions, opening an instance's editor or FlowFuse page and a
 * device's page or its editor's page (URLs main builds from the saved origin and what the server listed), and the
 * teams on screen that stay fresh while the popover is open.
 */
import { asInstanceId, asTeamId } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { TeamtrayState } from '../../common/state';
import type { ShellPort } from '../shell/port';
import { accountIn, deviceIn, instanceIn } from '../model/select';
import type { InstanceActions } from './instance-actions';
import type { VisibleTeams } from './visible-teams';
import {
  devicePageUrl,
  editorUrl,
  instanceAuditLogUrl,
  instanceLogUrl,
  instancePageUrl,
} from '../teams/team-view';
import { requireAccount } from '../model/require-account';
import { deviceEditorPageUrl } from './device-pages';
import type { AreaHandlers } from '../ipc/area-handlers';

export interface RuntimeHandlerDeps {
  /** The model's tree now. */
  readonly state: () => TeamtrayState;
  readonly actions: InstanceActions;
  readonly visible: VisibleTeams;
  readonly shell: ShellPort;
}

export function runtimeHandlers(
  deps: RuntimeHandlerDeps,
): AreaHandlers<'instanceAction' | 'openInstance' | 'openDevice' | 'watchTeams'> {
  const { state, actions, visible, shell } = deps;
  return {
    async instanceAction({ accountId, teamId, instanceId, action }) {
      const account = requireAccount(state(), accountId);
      // The service checks that the team and the instance are listed.
      await actions.act(account.id, asTeamId(teamId), asInstanceId(instanceId), action);
      return null;
    },
    async openInstance({ accountId, teamId, instanceId, page }) {
      const tree = state();
      const account = requireAccount(tree, accountId);
      const instance = instanceIn(tree, account.id, teamId, instanceId);
      if (instance === undefined) {
        throw new AppError('not_found', 'That instance is no longer listed.');
      }
      if (page === 'flowfuse') {
        await shell.openInBrowser(instancePageUrl(account.origin, instance.id));
        return null;
      }
      if (page === 'logs') {
        await shell.openInBrowser(instanceLogUrl(account.origin, instance.id));
        return null;
      }
      if (page === 'audit-log') {
        await shell.openInBrowser(instanceAuditLogUrl(account.origin, instance.id));
        return null;
      }
      const url = editorUrl(instance.url);
      if (url === null) {
        throw new AppError('not_found', `FlowFuse gave no editor address for ${instance.name}.`);
      }
      await shell.openInBrowser(url);
      return null;
    },
    async openDevice({ accountId, teamId, deviceId, page }) {
      const tree = state();
      const account = requireAccount(tree, accountId);
      const device = deviceIn(tree, account.id, teamId, deviceId);
      if (device === undefined) throw new AppError('not_found', 'That device is no longer listed.');
      if (page === 'editor') {
        if (device.mode !== 'developer') {
          throw new AppError(
            'invalid_request',
            `Developer mode is off on ${device.name}: turn it on to open its editor.`,
          );
        }
        await shell.openInBrowser(deviceEditorPageUrl(account.origin, device.id, account.version));
        return null;
      }
      await shell.openInBrowser(devicePageUrl(account.origin, device.id));
      return null;
    },
    watchTeams({ teams }) {
      // Each account checked once, not once per team (up to 200 teams on screen).
      const tree = state();
      const saved = new Map(
        [...new Set(teams.map(({ accountId }) => accountId))].flatMap((id) => {
          const account = accountIn(tree, id);
          return account === undefined ? [] : [[id, account.id] as const];
        }),
      );
      visible.watch(
        teams.flatMap(({ accountId, teamId }) => {
          const id = saved.get(accountId);
          return id === undefined ? [] : [{ accountId: id, teamId: asTeamId(teamId) }];
        }),
      );
      return Promise.resolve(null);
    },
  };
}
