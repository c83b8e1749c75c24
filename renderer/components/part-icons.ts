/**
 * The icons only the lazy parts draw (the rows under a team, the log, Settings, the notices'
 * band): here, not in ./icons.ts, so they stay out of the first script (issue 30). Line icons on
 * the same 24-unit grid, decorative, drawn by icons.ts's `icon`, each one path as there.
 */
import { svg } from 'lit';
import { icon } from './icons';

export const upIcon = icon(svg`<path d="m6 15 6-6 6 6"/>`);
export const downIcon = icon(svg`<path d="m6 9 6 6 6-6"/>`);
export const plusIcon = icon(svg`<path d="M12 5v14M5 12h14"/>`);
export const trashIcon = icon(
  svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"/>`,
);
export const playIcon = icon(svg`<path d="M7 4.5v15l12-7.5z"/>`);
export const stopIcon = icon(
  svg`<path d="M7.5 6h9a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1 -1.5 1.5h-9a1.5 1.5 0 0 1 -1.5 -1.5v-9a1.5 1.5 0 0 1 1.5 -1.5z"/>`,
);
export const suspendIcon = icon(svg`<path d="M9 5v14M15 5v14"/>`);
export const editorIcon = icon(svg`<path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14"/>`);
export const logIcon = icon(svg`<path d="M5 6h14M5 10h14M5 14h9M5 18h6"/>`);
export const copyIcon = icon(
  svg`<path d="M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1 -2 2h-7a2 2 0 0 1 -2 -2v-7a2 2 0 0 1 2 -2zM5 15V6a2 2 0 0 1 2-2h8"/>`,
);
/** Snooze (an action): an alarm clock. The snoozed state is bellOffIcon. */
export const snoozeIcon = icon(
  svg`<path d="M5 13a7 7 0 1 0 14 0a7 7 0 1 0 -14 0zM12 10v3l2 2M4 5l3-2.5M20 5l-3-2.5"/>`,
);
export const infoIcon = icon(
  svg`<path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0zM12 11v5M12 8h.01"/>`,
);
/** A row whose notifications are snoozed (the rows under a team: ./pin-child-parts.ts). */
export const bellOffIcon = icon(
  svg`<path d="M17.7 12.5 18 16h2M8.2 4.3A6 6 0 0 1 18 9v1M6 9v3l-2 4h12M10 20h4M3 3l18 18"/>`,
);
