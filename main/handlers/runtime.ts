/**
 * The runtime area: an instance's actions, opening an instance's editor or FlowFuse page and a
 * device's page (URLs main builds from the saved origin and what the server listed), and the
 * teams on screen that stay fresh while the popover is open.
 */
import { AppError } from '../../common/errors';
import type { ShellPort } from '../core-types';
import type { InstanceActions } from '../runtime/instance-actions';
import type { RuntimeService } from '../runtime/runtime-service';
import type { VisibleTeams } from '../runtime/visible-teams';
import { devicePageUrl, editorUrl, instancePageUrl } from '../teams/team-view';
import { requireView, type AccountViews } from './require-view';
import type { AreaHandlers } from './types';

export interface RuntimeHandlerDeps {
  readonly views: AccountViews;
  readonly runtime: RuntimeService;
  readonly actions: InstanceActions;
  readonly visible: VisibleTeams;
  readonly shell: ShellPort;
}

export function runtimeHandlers(
  deps: RuntimeHandlerDeps,
): AreaHandlers<'instanceAction' | 'openInstance' | 'openDevice' | 'watchTeams'> {
  const { views, runtime, actions, visible, shell } = deps;
  return {
    async instanceAction({ accountId, teamId, instanceId, action }) {
      requireView(views, accountId);
      await actions.act(accountId, teamId, instanceId, action);
      return null;
    },
    async openInstance({ accountId, teamId, instanceId, page }) {
      const view = requireView(views, accountId);
      const instance = runtime
        .reading(accountId, teamId)
        ?.instances.find((candidate) => candidate.id === instanceId);
      if (instance === undefined) {
        throw new AppError('not_found', 'That instance is no longer listed.');
      }
      if (page === 'flowfuse') {
        await shell.openInBrowser(instancePageUrl(view.origin, instance.id));
        return null;
      }
      const url = editorUrl(instance.url);
      if (url === null) {
        throw new AppError('not_found', `FlowFuse gave no editor address for ${instance.name}.`);
      }
      await shell.openInBrowser(url);
      return null;
    },
    async openDevice({ accountId, teamId, deviceId }) {
      const view = requireView(views, accountId);
      const known = runtime.reading(accountId, teamId)?.devices.some((d) => d.id === deviceId);
      if (known !== true) throw new AppError('not_found', 'That device is no longer listed.');
      await shell.openInBrowser(devicePageUrl(view.origin, deviceId));
      return null;
    },
    watchTeams({ teams }) {
      // Each account checked once, not once per team (up to 200 teams on screen).
      const ids = new Set(teams.map(({ accountId }) => accountId));
      const saved = new Set([...ids].filter((id) => views.view(id) !== undefined));
      visible.watch(teams.filter(({ accountId }) => saved.has(accountId)));
      return Promise.resolve(null);
    },
  };
}
