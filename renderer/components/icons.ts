/**
 * Line icons (24-unit grid, drawn with currentColor). Decorative: always aria-hidden. Each is one
 * path (circles and rounded squares written as its arcs): a row holds up to seven icons, and
 * every element in it is one more to create, style and lay out while the user types (#30 point 4).
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';

/** An icon's svg around its drawing (./part-icons.ts draws the lazy parts' own). */
export function icon(body: SVGTemplateResult): TemplateResult {
  return html`<svg
    class="icon"
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    ${body}
  </svg>`;
}

export const searchIcon = icon(
  svg`<path d="M4 11a7 7 0 1 0 14 0a7 7 0 1 0 -14 0zM20 20l-3.5-3.5"/>`,
);
export const refreshIcon = icon(
  svg`<path d="M20 11a8 8 0 0 0-14.7-4.4L4 8M4 3v5h5M4 13a8 8 0 0 0 14.7 4.4L20 16M20 21v-5h-5"/>`,
);
export const settingsIcon = icon(
  svg`<path d="M9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>`,
);
export const pencilIcon = icon(svg`<path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4"/>`);
export const externalIcon = icon(
  svg`<path d="M14 4h6v6M20 4 10 14M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5"/>`,
);
export const closeIcon = icon(svg`<path d="M6 6l12 12M18 6 6 18"/>`);
export const backIcon = icon(svg`<path d="M15 18l-6-6 6-6"/>`);
export const keyIcon = icon(
  svg`<path d="M4 15a4 4 0 1 0 8 0a4 4 0 1 0 -8 0zM10.8 12.2l8.2-8.2M16 7l3 3M14 9l2 2"/>`,
);
export const warnIcon = icon(
  svg`<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01"/>`,
);
export const clockIcon = icon(svg`<path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0zM12 7v5l3 2"/>`);
export const linkIcon = icon(
  svg`<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>`,
);
export const slidersIcon = icon(
  svg`<path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM8 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0zM16 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z"/>`,
);
export const chevronIcon = icon(svg`<path d="m9 6 6 6-6 6"/>`);
export const restartIcon = icon(svg`<path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5"/>`);
export const filterIcon = icon(svg`<path d="M4 5h16l-6 7.5V19l-4 1v-7.5z"/>`);
export const bellIcon = icon(svg`<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 21h4"/>`);
export const pinIcon = icon(svg`<path d="M12 16v5M9 4h6l-1 6 4 3v3H6v-3l4-3z"/>`);
export const moonIcon = icon(svg`<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/>`);
