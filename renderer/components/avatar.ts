/**
 * A team's avatar: its initial on a tinted square, with the image over it once it loads. A
 * failed image (offline, blocked, gone) hides itself and the initial shows, and rows built in
 * the next minutes leave it out. A plain template rather than an element: a list row must be
 * cheap to create while the user types.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { FailedSources } from '../state/failed-sources';
import { srcAfterPaint } from './src-after-paint';

const HUES = 8;

function firstLetter(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name);
  return (match?.[0] ?? '?').toUpperCase();
}

/**
 * A hue from a stable key (the team's slug), so a rename keeps the colour and the same team has
 * the same colour on every start, on every machine, in every account that lists it.
 */
function hue(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % HUES;
}

/** Measured: a search whose rows' avatars all fail spent a third of each keystroke on them. */
const failedAvatars = new FailedSources(5 * 60_000);

function hideOnError(event: Event): void {
  const image = event.target as HTMLImageElement;
  image.hidden = true;
  const src = image.getAttribute('src');
  if (src !== null) failedAvatars.failed(src, Date.now());
}

/** `colourKey` picks the tint (the team's slug); `name` gives the initial. */
export function renderAvatar(src: string | null, name: string, colourKey: string): TemplateResult {
  return html`<span class="avatar h${hue(colourKey)}" aria-hidden="true"
    >${firstLetter(name)}${
      src === null || src === '' || failedAvatars.skip(src, Date.now())
        ? nothing
        : html`<img
            ${srcAfterPaint(src)}
            alt=""
            referrerpolicy="no-referrer"
            loading="lazy"
            decoding="async"
            @error=${hideOnError}
          />`
    }</span
  >`;
}
