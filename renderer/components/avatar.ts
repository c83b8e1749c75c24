/**
 * A team's avatar: its initial on a tinted square, with the image over it once it loads. A
 * failed image (offline, blocked, gone) hides itself and the initial shows. A plain template
 * rather than an element: a list row must be cheap to create while the user types.
 */
import { html, nothing, type TemplateResult } from 'lit';

const HUES = 8;

function firstLetter(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name);
  return (match?.[0] ?? '?').toUpperCase();
}

/** A hue from a stable key (the team id), so a rename keeps the colour. */
export function hue(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % HUES;
}

function hideOnError(event: Event): void {
  (event.target as HTMLImageElement).hidden = true;
}

/** `colourKey` picks the tint (the team id); `name` gives the initial. */
export function renderAvatar(src: string | null, name: string, colourKey: string): TemplateResult {
  return html`<span class="avatar h${hue(colourKey)}" aria-hidden="true"
    >${firstLetter(name)}${
      src === null || src === ''
        ? nothing
        : html`<img
            src=${src}
            alt=""
            referrerpolicy="no-referrer"
            loading="lazy"
            decoding="async"
            @error=${hideOnError}
          />`
    }</span
  >`;
}
