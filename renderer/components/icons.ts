/** Line icons (24-unit grid, drawn with currentColor). Decorative: always aria-hidden. */
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

export const searchIcon = icon(svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>`);
export const refreshIcon = icon(
  svg`<path d="M20 11a8 8 0 0 0-14.7-4.4L4 8"/><path d="M4 3v5h5"/><path d="M4 13a8 8 0 0 0 14.7 4.4L20 16"/><path d="M20 21v-5h-5"/>`,
);
export const settingsIcon = icon(
  svg`<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>`,
);
export const pencilIcon = icon(svg`<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="m13.5 6.5 4 4"/>`);
export const externalIcon = icon(
  svg`<path d="M14 4h6v6"/><path d="M20 4 10 14"/><path d="M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5"/>`,
);
export const closeIcon = icon(svg`<path d="M6 6l12 12M18 6 6 18"/>`);
export const backIcon = icon(svg`<path d="M15 18l-6-6 6-6"/>`);
export const keyIcon = icon(
  svg`<circle cx="8" cy="15" r="4"/><path d="m10.8 12.2 8.2-8.2"/><path d="m16 7 3 3"/><path d="m14 9 2 2"/>`,
);
export const warnIcon = icon(
  svg`<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/><path d="M12 9v4M12 17h.01"/>`,
);
export const clockIcon = icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>`);
export const linkIcon = icon(
  svg`<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>`,
);
export const slidersIcon = icon(
  svg`<path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0"/><circle cx="16" cy="6" r="2"/><circle cx="10" cy="12" r="2"/><circle cx="18" cy="18" r="2"/>`,
);
export const chevronIcon = icon(svg`<path d="m9 6 6 6-6 6"/>`);
export const restartIcon = icon(svg`<path d="M20 12a8 8 0 1 1-2.3-5.6"/><path d="M20 4v5h-5"/>`);
export const filterIcon = icon(svg`<path d="M4 5h16l-6 7.5V19l-4 1v-7.5z"/>`);
export const bellIcon = icon(
  svg`<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z"/><path d="M10 21h4"/>`,
);
export const pinIcon = icon(svg`<path d="M12 16v5"/><path d="M9 4h6l-1 6 4 3v3H6v-3l4-3z"/>`);
export const bellOffIcon = icon(
  svg`<path d="M17.7 12.5 18 16h2M8.2 4.3A6 6 0 0 1 18 9v1"/><path d="M6 9v3l-2 4h12"/><path d="M10 20h4"/><path d="m3 3 18 18"/>`,
);
export const moonIcon = icon(svg`<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/>`);
