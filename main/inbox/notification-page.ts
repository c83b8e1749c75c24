/**
 * The FlowFuse page of a notification, built from the saved account's origin and the ids or slug
 * the model keeps (FlowFuse's routes: frontend/src/pages/{instance,device,account,team}/routes.js).
 * Never from an address the renderer or the server sent.
 */
import type { Origin } from '../../common/brand';
import type { InboxTarget } from '../../common/state';

export function notificationPageUrl(origin: Origin, target: InboxTarget): string {
  const part = encodeURIComponent;
  switch (target.kind) {
    case 'instance':
      return `${origin}/instance/${part(target.id)}/overview`;
    case 'device':
      return `${origin}/device/${part(target.id)}/overview`;
    case 'invitations':
      return `${origin}/account/teams/invitations`;
    case 'team':
      return `${origin}/team/${part(target.slug)}/${target.page}`;
    case 'home':
      return `${origin}/`;
  }
}
