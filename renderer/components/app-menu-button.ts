/**
 * The ⚙ button on the first screen, before the menu behind it is in (issue 30: ./tt-app-menu.ts
 * loads on first use, ./lazy-parts.ts). It is the light DOM of a <tt-app-menu> not yet defined,
 * so it shows as the page's own button; once the element upgrades, its shadow root's button takes
 * its place (the light DOM is not slotted, so it is neither drawn nor read out). A click or Enter
 * on it before then loads the menu and opens it.
 */
import { html, type TemplateResult } from 'lit';
import { settingsIcon } from './icons';
import { loadPart } from './lazy-parts';

/** The menu's element, defined once its module is in. */
export async function appMenu(
  within: Element,
): Promise<HTMLElementTagNameMap['tt-app-menu'] | null> {
  const menu = within.closest('tt-app-menu') ?? within.querySelector('tt-app-menu');
  if (menu === null) return null;
  await loadPart('menu');
  await customElements.whenDefined('tt-app-menu');
  await menu.updateComplete;
  return menu;
}

const openMenu = async (event: Event): Promise<void> => {
  if (!(event.currentTarget instanceof Element)) return;
  (await appMenu(event.currentTarget))?.show();
};

/** <tt-app-menu> with its stand-in button inside. */
export function renderAppMenu(cls = ''): TemplateResult {
  return html`<tt-app-menu class=${cls}
    ><button
      class="icon-btn"
      aria-label="Settings and more"
      title="Settings, help and more"
      aria-haspopup="menu"
      aria-expanded="false"
      @click=${(event: Event) => void openMenu(event)}
    >
      ${settingsIcon}
    </button></tt-app-menu
  >`;
}
