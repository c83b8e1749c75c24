/**
 * FlowFuse's page for a device's Node-RED editor, built from the saved origin. The editor itself
 * runs through FlowFuse's tunnel, whose address needs the browser's FlowFuse login: Teamtray opens
 * FlowFuse's own page for it (`/device/:id/editor`, FlowFuse 2.27+; the device's overview, where
 * older FlowFuse has its "Open editor" button) and never the tunnel with a token.
 */
import semver from 'semver';
import type { Origin } from '../../common/brand';
import { devicePageUrl } from '../teams/team-view';

/** The FlowFuse version whose web app has a page for a device's editor. */
const EDITOR_PAGE_SINCE = '2.27.0';

export function deviceEditorPageUrl(
  origin: Origin,
  deviceId: string,
  version: string | null,
): string {
  const known = version === null ? null : semver.coerce(version);
  const page = known !== null && semver.gte(known, EDITOR_PAGE_SINCE) ? 'editor' : 'overview';
  return `${devicePageUrl(origin, deviceId)}/${page}`;
}
