/**
 * The parts of the popover the team list does not need: Settings, the account form and the
 * first run, the About and Shortcuts dialogs, the Inbox, the confirm dialog, an instance's log,
 * the rows under a team (lazy-rows.ts), the items of the menu behind ⚙, the notices' band
 * (tt-banners: asked for as soon as main's state has something for it). Each loads when first asked for, and all of them once
 * the list is up and the page is idle, so the script the popover needs first stays small. Their
 * elements upgrade in place when their module has loaded.
 */
import type { TeamtrayState } from '../../common/state';
import type { View } from '../state/store';
import { loadFormBody } from './app-views';
import { loadLog } from './lazy-log';
import { loadChildRows } from './lazy-rows';

const PARTS = {
  settings: () => import('./tt-settings'),
  form: loadFormBody,
  onboarding: () => import('./tt-onboarding'),
  about: () => import('./tt-about'),
  shortcuts: () => import('./tt-shortcuts'),
  inbox: () => import('./tt-inbox'),
  confirm: () => import('./tt-confirm'),
  log: loadLog,
  rows: loadChildRows,
  menu: () => import('./tt-app-menu-items'),
  banners: () => import('./tt-banners'),
} as const;

export type LazyPart = keyof typeof PARTS;

export async function loadPart(part: LazyPart): Promise<void> {
  await PARTS[part]();
}

let scheduled = false;

/** Once: every part, when the page has nothing else to do (or within 2 s). */
export function loadPartsWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  requestIdleCallback(
    () => {
      for (const part of Object.keys(PARTS) as LazyPart[]) void loadPart(part);
    },
    { timeout: 2_000 },
  );
}

/** The part a view shows, if it is a lazy one (the first run: no account yet). */
export function partFor(view: View, hasAccounts: boolean): LazyPart | null {
  if (!hasAccounts && (view.name === 'teams' || view.name === 'add')) return 'onboarding';
  switch (view.name) {
    case 'settings':
      return 'settings';
    case 'inbox':
      return 'inbox';
    case 'add':
    case 'edit':
    case 'token':
      return 'form';
    default:
      return null;
  }
}

/** Whether the notices' band (tt-banners) has anything to show: a notice, session-only tokens. */
export function bannersWanted(state: Pick<TeamtrayState, 'vault' | 'notices'>): boolean {
  return state.vault.mode === 'session' || state.notices.length > 0;
}
