/**
 * The icons only the lazy parts draw (the rows under a team, the log, Settings, the notices'
 * band): here, not in ./icons.ts, so they stay out of the first script (issue 30). Line icons on
 * the same 24-unit grid, decorative, drawn by icons.ts's `icon`.
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
export const stopIcon = icon(svg`<rect x="6" y="6" width="12" height="12" rx="1.5"/>`);
export const suspendIcon = icon(svg`<path d="M9 5v14M15 5v14"/>`);
export const editorIcon = icon(svg`<path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14"/>`);
export const logIcon = icon(svg`<path d="M5 6h14M5 10h14M5 14h9M5 18h6"/>`);
export const copyIcon = icon(
  svg`<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15V6a2 2 0 0 1 2-2h8"/>`,
);
/** Snooze (an action): an alarm clock. The snoozed state is bellOffIcon. */
export const snoozeIcon = icon(
  svg`<circle cx="12" cy="13" r="7"/><path d="M12 10v3l2 2"/><path d="m4 5 3-2.5M20 5l-3-2.5"/>`,
);
export const infoIcon = icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 11v5M12 8h.01"/>`);
