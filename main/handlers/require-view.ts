import { AppError } from '../../common/errors';
import type { AccountView } from '../../common/model';

/** Where the handler areas read an account's whole view (the core composes it). */
export interface AccountViews {
  view(id: string): AccountView | undefined;
}

/** The account's view, or the error every area gives for an account that is no longer saved. */
export function requireView(views: AccountViews, id: string): AccountView {
  const view = views.view(id);
  if (view === undefined) throw new AppError('unknown_account', 'That account is no longer saved.');
  return view;
}
