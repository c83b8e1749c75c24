/** The keyboard shortcuts, shown by `?` or the menu, in a modal dialog that Esc closes. */
import { css, html, type TemplateResult } from 'lit';
import { dialogStyles } from './dialog.styles';
import { ModalDialog } from './modal-dialog';
import { MOD } from './mod-key';
import { sharedStyles } from './shared.styles';

const SHORTCUTS: readonly (readonly [keys: readonly string[], what: string])[] = [
  [['/', `${MOD}+F`], 'Search every account'],
  [['Esc'], 'Clear the search, then close'],
  [['↑', '↓', 'PgUp', 'PgDn', 'Home', 'End'], 'Move through the teams, instances and devices'],
  [['→', '←'], 'Show or hide a team’s instances and devices (or click the team)'],
  [['Enter'], 'Open the team in the browser; an instance’s editor'],
  [['Shift+Enter'], 'Open the team’s settings in the browser; an instance’s page in FlowFuse'],
  [[`${MOD}+C`], 'Copy the team’s address'],
  [['F2'], 'Rename the team (Enter saves, Esc cancels)'],
  [['P'], 'Pin the team, instance or device at the top, or unpin it'],
  [['S'], 'Snooze an instance’s or a device’s notifications for an hour, or end it'],
  [['L'], 'Show or hide an instance’s last log lines'],
  [
    ['Space', 'Shift+Space'],
    'Select an instance for Restart, Start, Stop or Suspend with others; a range',
  ],
  [['I'], 'Open the inbox (FlowFuse 2.7 and later)'],
  [['Q'], 'Quiet hours: no notifications until the morning, or end them'],
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
        /* Whole words: a line breaks between them, never inside one. */
        overflow-wrap: normal;
        word-break: normal;
      }
      /* Narrow: each key over what it does, so neither column squeezes the other's words. */
      @media (max-width: 340px) {
        dl {
          grid-template-columns: 1fr;
          gap: 2px;
        }
        dd + dt {
          margin-top: 8px;
        }
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
