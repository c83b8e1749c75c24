/**
 * Rename in place: which team row is being edited, what was typed, and what is wrong with it.
 * The list renders the editor from this state and hands the editor's events here; the store
 * shows the new name at once and asks main.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { checkTeamName } from '../../common/team-name';
import { renameBlockedReason } from '../state/rename-rule';
import type { TeamRow } from '../state/rows';
import type { Store } from '../state/store';

export class TeamRenameController implements ReactiveController {
  /** The row whose editor is open, or null. */
  editingKey: string | null = null;
  /** What is wrong with the draft, shown under the editor. */
  error: string | null = null;

  private draft = '';
  /** Set when an editor opens: its ref focuses it once, not on every render. */
  private focusEditor = false;

  /**
   * `onClosed` puts the focus back on the row after Enter or Esc (not after a blur);
   * `onRenamed` hears of every rename the server saved (for "Renamed A → B · Undo").
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly storeOf: () => Store,
    private readonly onClosed: (row: TeamRow) => void,
    private readonly onRenamed: (row: TeamRow, from: string, to: string) => void = () => undefined,
  ) {
    host.addController(this);
  }

  /** A list that leaves the page comes back with no editor open and nothing half typed. */
  hostDisconnected(): void {
    this.editingKey = null;
    this.error = null;
    this.focusEditor = false;
  }

  /** Opens the editor on `row`; false (and the reason under the row) when it may not be renamed. */
  start(row: TeamRow): boolean {
    const blocked = renameBlockedReason(row);
    if (blocked !== null) {
      this.storeOf().reportRowError(row.key, blocked);
      return false;
    }
    this.storeOf().dismissRowError(row.key);
    this.draft = row.name;
    this.focusEditor = true;
    this.set(row.key, null);
    return true;
  }

  readonly editorRef = (element?: Element): void => {
    if (!(element instanceof HTMLInputElement) || !this.focusEditor) return;
    this.focusEditor = false;
    element.value = this.draft;
    // The ref fires before the row's fragment is in the document; focus once it is.
    queueMicrotask(() => {
      element.focus();
      element.select();
    });
  };

  readonly onInput = (event: InputEvent): void => {
    this.draft = (event.target as HTMLInputElement).value;
    // Say what is wrong while typing, but do not nag about a blank field until Enter.
    const check = checkTeamName(this.draft);
    this.set(this.editingKey, check.ok || this.draft.trim() === '' ? null : check.reason);
  };

  readonly onKey = (event: KeyboardEvent, row: TeamRow): void => {
    // The list's own keys (arrows, Home, F2) are the editor's text keys while it is open.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      this.commit(row, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.close(row, true);
    }
  };

  readonly onBlur = (_event: FocusEvent, row: TeamRow): void => {
    if (this.editingKey !== row.key) return;
    if (this.draft.trim() === row.name) this.close(row, false);
    else this.commit(row, false);
  };

  private commit(row: TeamRow, refocus: boolean): void {
    const check = checkTeamName(this.draft);
    if (!check.ok) {
      this.set(this.editingKey, check.reason);
      return;
    }
    const from = row.name;
    const to = check.name;
    void this.storeOf()
      .rename(row.account.id, row.team.id, this.draft)
      .then((outcome) => {
        // Saved on Enter or on blur alike: either way the user hears of it and may undo it.
        if (outcome.ok && to !== from) this.onRenamed(row, from, to);
      });
    this.close(row, refocus);
  }

  private close(row: TeamRow, refocus: boolean): void {
    this.set(null, null);
    if (refocus) this.onClosed(row);
  }

  private set(editingKey: string | null, error: string | null): void {
    if (editingKey === this.editingKey && error === this.error) return;
    this.editingKey = editingKey;
    this.error = error;
    this.host.requestUpdate();
  }
}
