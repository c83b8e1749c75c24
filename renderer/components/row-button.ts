/**
 * The worded icon button of a team's row (team-row.ts) and of the rows under a team
 * (child-rows.ts, device-row-parts.ts): its word shows on hover or focus, and is part of its
 * accessible name. One template for all of them: one to prepare, and fewer bytes in the first
 * script. The word is the button's `data-word`, drawn by the stylesheet (worded-button.styles.ts)
 * rather than an element of its own: a team row has five of these buttons, and the list's DOM is
 * what a search keystroke costs (#30).
 */
import { html, type TemplateResult } from 'lit';

/** A worded icon button of a row. */
export function rowButton(
  label: string,
  word: string,
  title: string,
  icon: TemplateResult,
  ctx: { readonly active: boolean },
  onClick: () => void,
  disabled = false,
): TemplateResult {
  // aria-disabled, not disabled: the button keeps its focus and its title says why. The word is
  // on screen for someone who does not know the icons; it is part of the accessible name, so
  // what is seen is what a voice user says ("Restart", "Editor"). Drawn, not read: the label says it.
  return html`<button
    class="icon-btn small worded"
    data-word=${word}
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${label}
    aria-disabled=${disabled ? 'true' : 'false'}
    title=${title}
    @click=${onClick}
  >
    ${icon}
  </button>`;
}
