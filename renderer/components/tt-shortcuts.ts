/** The keyboard shortcuts, shown by `?` or the menu, in a modal dialog that Esc closes. */
import { css, html, type TemplateResult } from 'lit';
import { dialogStyles } from './dialog.styles';
import { ModalDialog } from './modal-dialog';
import { MOD } from './mod-key';
import { sharedStyles } from './shared.styles';

const SHORTCUTS: readonly (readonly [keys: readonly string[], what: string])[] = [
  [['/', `${MOD}+F`], 'Search every account'],
  [['Esc'], 'Clear the search, then close'],
  [['↑', '↓', 'Home', 'End'], 'Move through the teams, instances and devices'],
  [['→', '←'], 'Show or hide a team’s instances and devices (or click the team)'],
  [['Enter'], 'Open the team in the browser; an instance’s editor'],
  [['Shift+Enter'], 'Open the team’s settings in the browser'],
  [[`${MOD}+C`], 'Copy the team’s address'],
  [['F2'], 'Rename the team (Enter saves, Esc cancels)'],
  [['P'], 'Pin the team, instance or device at the top, or unpin it'],
  [[`${MOD}+Z`], 'Undo the rename just saved'],
  [['?'], 'Show these shortcuts'],
];

export class TtShortcuts extends ModalDialog {
  static override styles = [
    sharedStyles,
    dialogStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 8px 12px;
        margin: 0;
        font-size: 12px;
      }
      dt {
        display: flex;
        flex-wrap: wrap;
        gap: 3px;
        align-content: start;
      }
      dd {
        margin: 0;
        color: var(--tt-muted);
      }
    `,
  ];

  protected override render(): TemplateResult {
    return this.frame(
      'shortcuts-title',
      'Keyboard shortcuts',
      html`<dl>
        ${SHORTCUTS.map(
          ([keys, what]) =>
            html`<dt>${keys.map((key) => html`<kbd>${key}</kbd>`)}</dt>
              <dd>${what}</dd>`,
        )}
      </dl>`,
    );
  }
}

customElements.define('tt-shortcuts', TtShortcuts);

declare global {
  interface HTMLElementTagNameMap {
    'tt-shortcuts': TtShortcuts;
  }
}
