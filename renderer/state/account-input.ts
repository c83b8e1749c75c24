/**
 * What the user typed into the account form: the checks made before anything is sent, and the
 * request it becomes. Pure, so each rule is tested without a browser. Main checks everything
 * again (it is the trust boundary); the checks here are for the message beside the field.
 */
import type { Request } from '../../common/contract';
import type { Account } from '../../common/state';

/** Add an account; edit its server, label and token; or only replace its token. */
export type FormMode = 'add' | 'edit' | 'token';

export const DEFAULT_URL = 'https://app.flowfuse.com';

export interface Fields {
  readonly url: string;
  readonly label: string;
  readonly token: string;
}

export type FieldName = keyof Fields;
export type FieldErrors = Partial<Record<FieldName, string>>;

type Saved = Pick<Account, 'id' | 'origin' | 'label'>;

/** The fields as the form opens: the saved account's, or FlowFuse Cloud's address. */
export function initialFields(account: Saved | null): Fields {
  return { url: account?.origin ?? DEFAULT_URL, label: account?.label ?? '', token: '' };
}

/** What is wrong with each field, in words; empty when the form may be sent. */
export function checkFields(mode: FormMode, fields: Fields, saved: Saved | null): FieldErrors {
  const errors: { -readonly [K in FieldName]?: string } = {};
  const url = fields.url.trim();
  const token = fields.token.trim();
  if (mode !== 'token') {
    if (url === '') errors.url = 'Enter the address of your FlowFuse server.';
    else if (/\s/.test(url)) errors.url = 'An address cannot contain spaces.';
  }
  if (token === '' && mode !== 'edit') {
    errors.token = 'Paste an access token from FlowFuse.';
  } else if (token === '' && mode === 'edit' && saved !== null && movesServer(url, saved)) {
    // Main never sends a saved token to another server.
    errors.token = 'A new address needs its own token: paste one for that server.';
  } else if (/\s/.test(token)) {
    errors.token = 'A token has no spaces: copy it again in one piece.';
  }
  return errors;
}

/** The field to focus after a failed check: the first one at fault, top to bottom. */
export function firstInvalid(errors: FieldErrors): FieldName | undefined {
  return (['url', 'label', 'token'] as const).find((name) => errors[name] !== undefined);
}

/** The origin a typed address stands for (https when no scheme), or the text when unparsable. */
export function originOf(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme).origin;
  } catch {
    return text;
  }
}

/**
 * True when the typed address points the account at another server. The same origin, or its
 * upgrade from http to https, keeps the saved token (as main's registry does).
 */
export function movesServer(url: string, saved: Pick<Account, 'origin'>): boolean {
  const next = originOf(url);
  return next !== saved.origin && next !== saved.origin.replace(/^http:/, 'https:');
}

/** The address a consent to plain http is for: the saved one when only the token changes. */
export function consentAddress(mode: FormMode, fields: Fields, saved: Saved | null): string {
  return mode === 'token' ? (saved?.origin ?? '') : fields.url.trim();
}

export function addRequest(fields: Fields, allowHttp: boolean): Request<'addAccount'> {
  const label = fields.label.trim();
  return {
    url: fields.url.trim(),
    token: fields.token.trim(),
    ...(label === '' ? {} : { label }),
    ...(allowHttp ? { allowHttp } : {}),
  };
}

/** Sends only what changed: an unchanged label or server, or an empty token, is left out. */
export function updateRequest(
  mode: 'edit' | 'token',
  fields: Fields,
  saved: Saved,
  allowHttp: boolean,
): Request<'updateAccount'> {
  const url = fields.url.trim();
  const label = fields.label.trim();
  const token = fields.token.trim();
  return {
    id: saved.id,
    ...(mode === 'edit' && label !== saved.label ? { label } : {}),
    ...(mode === 'edit' && originOf(url) !== saved.origin ? { url } : {}),
    ...(token === '' ? {} : { token }),
    ...(allowHttp ? { allowHttp } : {}),
  };
}

/** The token page of the saved account while its address is unchanged, else of what was typed. */
export function tokenPageRequest(
  mode: FormMode,
  fields: Fields,
  saved: Saved | null,
  allowHttp: boolean,
): Request<'openTokenPage'> {
  const url = fields.url.trim();
  if (saved !== null && mode !== 'add' && url === saved.origin) return { accountId: saved.id };
  return { url: url === '' ? DEFAULT_URL : url, allowHttp };
}
