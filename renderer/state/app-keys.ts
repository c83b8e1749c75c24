/**
 * The popover's global keys, decided apart from the DOM so each rule is tested on its own:
 * `/` and Ctrl+F search (a `/` in the search box selects it again instead of typing a slash),
 * `?` shows the shortcuts, I opens the inbox, Q turns quiet hours on or off, Ctrl+Z undoes the
 * rename just saved, Esc goes back, clears the search, then closes.
 */
export type AppKeyAction =
  'search' | 'shortcuts' | 'inbox' | 'quiet' | 'undo' | 'back' | 'clear-search' | 'hide';

export interface AppKeyContext {
  readonly view: 'teams' | 'settings' | 'add' | 'edit' | 'token' | 'inbox';
  readonly hasAccounts: boolean;
  readonly query: string;
  /** The key went to a text field (a form, the rename editor, the search box). */
  readonly typing: boolean;
  /** ...and that field is the search box. */
  readonly inSearch: boolean;
  /** A "Renamed A → B · Undo" note is on screen. */
  readonly canUndo: boolean;
  /** An account's server has an inbox (FlowFuse 2.7+): the bell shows. */
  readonly hasInbox: boolean;
}

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

export function appKeyAction(event: KeyLike, ctx: AppKeyContext): AppKeyAction | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const list = ctx.view === 'teams' && ctx.hasAccounts;
  if (mod && !event.altKey && key === 'f') return list ? 'search' : null;
  if (event.key === '/' && !mod && !event.altKey) {
    return list && (!ctx.typing || ctx.inSearch) ? 'search' : null;
  }
  if (event.key === '?' && !mod && !event.altKey) return ctx.typing ? null : 'shortcuts';
  // The header's bell and moon, from the list: a plain letter, never while typing.
  if (list && !ctx.typing && !mod && !event.altKey && !event.shiftKey) {
    if (key === 'i' && ctx.hasInbox) return 'inbox';
    if (key === 'q') return 'quiet';
  }
  // In a text field Ctrl+Z is the field's own undo.
  if (mod && key === 'z' && !event.shiftKey && !event.altKey) {
    return ctx.canUndo && !ctx.typing ? 'undo' : null;
  }
  if (event.key !== 'Escape') return null;
  // Settings is reachable before the first account is added; forms only with accounts.
  if (ctx.view !== 'teams' && (ctx.hasAccounts || ctx.view === 'settings')) return 'back';
  if (ctx.query !== '') return 'clear-search';
  return 'hide';
}

/** Whether a key pressed in `target` is typing (a text field), not a command. */
export function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}
