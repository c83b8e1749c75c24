/** One team in the list: a plain template (the list renders only the rows in view), not an element. */
import { html, nothing, type TemplateResult } from 'lit';
import { ROLE, roleBadge } from '../../common/roles';
import { titleOf } from '../state/account-names';
import { findMatch } from '../state/highlight';
import { renameBlockedReason } from '../state/rename-rule';
import type { TeamRow } from '../state/rows';
import { summarySentence, type SummaryPart } from '../state/team-summary';
import { chevronIcon, externalIcon, linkIcon, pencilIcon, pinIcon, slidersIcon } from './icons';
import { renderAvatar } from './avatar';
import { elementRef } from './element-ref';
import { marked } from './marked';
import { MOD } from './mod-key';
import { rowButton } from './row-button';
import { renderRowError } from './row-error';
import { renderRuntimeSummary } from './runtime-summary';

export interface TeamRowContext {
  readonly active: boolean;
  /** The search as typed: its match is marked in the name, or in the slug shown for it. */
  readonly query: string;
  readonly editing: boolean;
  readonly editError: string | null;
  readonly editorRef: (element?: Element) => void;
  /** Its instances and devices in a few words (team-summary.ts). */
  readonly summary: readonly SummaryPart[];
  /** Opens or closes its instances and devices (the chevron). */
  readonly onToggle: (row: TeamRow) => void;
  readonly onRename: (row: TeamRow) => void;
  readonly onOpen: (row: TeamRow) => void;
  readonly onOpenSettings: (row: TeamRow) => void;
  readonly onCopy: (row: TeamRow) => void;
  readonly onEditorKey: (event: KeyboardEvent, row: TeamRow) => void;
  readonly onEditorInput: (event: InputEvent) => void;
  readonly onEditorBlur: (event: FocusEvent, row: TeamRow) => void;
  readonly onDismissError: (row: TeamRow) => void;
  /** The team is pinned (the pinned section at the top shows it). */
  readonly pinned: boolean;
  /**
   * Its buttons are drawn. They show only on hover or focus, so the list's first frame goes
   * without them (tt-team-list.ts draws them once that frame is painted).
   */
  readonly withActions: boolean;
  readonly onPin: (row: TeamRow) => void;
}

function count(value: number | null, one: string, many: string): string | null {
  if (value === null) return null;
  return `${value} ${value === 1 ? one : many}`;
}

function teamMeta(row: TeamRow): string {
  const { team } = row;
  // Once its instances were read, the summary line counts them; the listed count is older. A
  // team the token may not see into shows no count: the summary says why there is none.
  const { runtime } = team;
  const read = runtime.fetchedAt !== null;
  const hidden = runtime.status === 'hidden';
  return [
    team.typeName,
    read || hidden ? null : count(team.instanceCount, 'instance', 'instances'),
    count(team.memberCount, 'member', 'members'),
  ]
    .filter((part): part is string => part !== null && part !== '')
    .join(' · ');
}

export function renderTeamRow(row: TeamRow, ctx: TeamRowContext): TemplateResult {
  const { team, name } = row;
  const role = roleBadge(team.role);
  const meta = teamMeta(row);
  // Found by its slug alone: show the slug, or the row would not say why it is here.
  const bySlug = findMatch(name, ctx.query) === null && findMatch(team.slug, ctx.query) !== null;
  const renameBlocked = renameBlockedReason(row);
  const classes = `row team${ctx.active ? ' active' : ''}${row.pending ? ' pending' : ''}${ctx.editing ? ' editing' : ''}`;
  return html`<div
    class=${classes}
    role="listitem"
    data-kind="team"
    data-key=${row.key}
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${`${name}${bySlug ? ` (${team.slug})` : ''}${role === null ? '' : `, ${role}`}, ${titleOf(row.account).title}${row.context === undefined ? '' : ', pinned'}; ${summarySentence(ctx.summary)}`}
    aria-describedby="row-help"
  >
    <button
      class="icon-btn expander"
      tabindex=${ctx.active ? 0 : -1}
      aria-expanded=${row.open ? 'true' : 'false'}
      aria-label=${`Instances and devices of ${name}`}
      title=${row.open ? 'Hide its instances and devices (←, or a click on the row)' : 'Show its instances and devices (→, or a click on the row)'}
      @click=${() => {
        ctx.onToggle(row);
      }}
    >
      ${chevronIcon}
    </button>
    ${renderAvatar(team.avatarUrl, name, team.slug)}
    <div class="text">
      <div class="name-line">
        ${
          ctx.editing
            ? renderEditor(row, ctx)
            : html`<span class="name" title=${name}>${marked(name, ctx.query)}</span>`
        }
      </div>
      ${
        ctx.editing
          ? html`<span class=${ctx.editError === null ? 'hint' : 'field-error'} id="editor-note"
              >${ctx.editError ?? 'Enter to save · Esc to cancel'}</span
            >`
          : html`<span class="meta"
              >${
                // On the second line: the name has the first one to itself.
                role === null
                  ? nothing
                  : html`<span class="badge ${team.role === ROLE.owner ? 'accent' : ''}"
                      >${role}</span
                    > `
              }${
                row.context === undefined
                  ? nothing
                  : html`<span class="pin-context" title=${row.context}>${row.context}</span> · `
              }${
                row.pending
                  ? 'Saving…'
                  : bySlug
                    ? html`<span class="slug">${marked(team.slug, ctx.query)}</span
                        >${meta === '' ? '' : ` · ${meta}`}`
                    : meta
              }</span
            >`
      }
      ${renderRuntimeSummary(ctx.summary)}
      ${
        row.error === null
          ? nothing
          : renderRowError(row.error, () => {
              ctx.onDismissError(row);
            })
      }
    </div>
    ${ctx.withActions ? renderTeamActions(row, ctx, renameBlocked) : nothing}
  </div>`;
}

/** The row's five buttons, shown on hover or focus (the styles' `.actions`). */
function renderTeamActions(
  row: TeamRow,
  ctx: TeamRowContext,
  renameBlocked: string | null,
): TemplateResult {
  const { name } = row;
  return html`<div class="actions">
    ${rowButton(
      ctx.pinned ? `Unpin ${name}` : `Pin ${name}`,
      ctx.pinned ? 'Unpin' : 'Pin',
      ctx.pinned ? 'Unpin it from the top of the list (P)' : 'Pin it at the top of the list (P)',
      pinIcon,
      ctx,
      () => {
        ctx.onPin(row);
      },
    )}
    ${rowButton(
      `Rename ${name}`,
      'Rename',
      renameBlocked ?? 'Rename (F2)',
      pencilIcon,
      ctx,
      () => {
        ctx.onRename(row);
      },
      renameBlocked !== null,
    )}
    ${rowButton(
      `Copy the address of ${name}`,
      'Copy',
      `Copy the address (${MOD}+C)`,
      linkIcon,
      ctx,
      () => {
        ctx.onCopy(row);
      },
    )}
    ${rowButton(
      `Open the settings of ${name} in the browser`,
      'Settings',
      'Open its settings in the browser (Shift+Enter)',
      slidersIcon,
      ctx,
      () => {
        ctx.onOpenSettings(row);
      },
    )}
    ${rowButton(
      `Open ${name} in the browser`,
      'Open',
      'Open in the browser (Enter)',
      externalIcon,
      ctx,
      () => {
        ctx.onOpen(row);
      },
    )}
  </div>`;
}

function renderEditor(row: TeamRow, ctx: TeamRowContext): TemplateResult {
  return html`<input
    class="input editor"
    ${elementRef(ctx.editorRef)}
    .value=${row.name}
    aria-label=${`New name for ${row.team.name}`}
    aria-invalid=${ctx.editError === null ? 'false' : 'true'}
    aria-describedby="editor-note"
    spellcheck="false"
    autocomplete="off"
    maxlength="300"
    @keydown=${(event: KeyboardEvent) => {
      ctx.onEditorKey(event, row);
    }}
    @input=${ctx.onEditorInput}
    @blur=${(event: FocusEvent) => {
      ctx.onEditorBlur(event, row);
    }}
  />`;
}

/**
 * The copy of an open team pinned under its account's header while its instances and devices
 * scroll (list-sections.ts): its name and summary on one line. Not a row of the list, and hidden
 * from assistive technology, which reads the row itself; a click goes to that row.
 */
export function renderPinnedTeam(
  row: TeamRow,
  summary: readonly SummaryPart[],
  onClick: (row: TeamRow) => void,
): TemplateResult {
  // Only the words that need the user ("2 crashed"), in their colour: one line at any width.
  const urgent = summary.filter(
    (part) => part.qualifier !== undefined && (part.tone === 'problem' || part.tone === 'offline'),
  );
  return html`<div
    class="team pinned"
    title=${`${row.name}: go to the team`}
    @click=${() => {
      onClick(row);
    }}
  >
    <span class="pin-chevron">${chevronIcon}</span>
    <span class="name">${row.name}</span>
    ${urgent.map(
      (part) =>
        html`<span class="pin-state tone-text ${part.tone}"
          ><span class="dot ${part.tone}" aria-hidden="true"></span>${part.qualifier}</span
        >`,
    )}
  </div>`;
}
