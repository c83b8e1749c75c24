/**
 * A team's avatar, or its initial on a tinted square while the image loads or when it fails
 * (offline, blocked, gone). The image never sends a referrer.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';

const HUES = 8;

export class TtAvatar extends LitElement {
  static override properties = {
    src: { type: String },
    name: { type: String },
    failed: { state: true },
  };

  static override styles = css`
    :host {
      position: relative;
      display: block;
      flex: none;
      width: 32px;
      height: 32px;
      border-radius: 7px;
      overflow: hidden;
    }
    .initial,
    img {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
    }
    .initial {
      display: grid;
      place-items: center;
      font-weight: 650;
      font-size: 14px;
      color: #fff;
    }
    img {
      object-fit: cover;
    }
    .h0 {
      background: #4f46e5;
    }
    .h1 {
      background: #0e7490;
    }
    .h2 {
      background: #047857;
    }
    .h3 {
      background: #a16207;
    }
    .h4 {
      background: #b91c1c;
    }
    .h5 {
      background: #9d174d;
    }
    .h6 {
      background: #6d28d9;
    }
    .h7 {
      background: #475569;
    }
  `;

  declare src: string | null;
  declare name: string;
  declare failed: boolean;

  constructor() {
    super();
    this.src = null;
    this.name = '';
    this.failed = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('src')) this.failed = false;
  }

  protected override render(): unknown {
    const initial = firstLetter(this.name);
    return html`<span class="initial h${hue(this.name)}" aria-hidden="true">${initial}</span> ${
        this.src !== null && this.src !== '' && !this.failed
          ? html`<img
              src=${this.src}
              alt=""
              referrerpolicy="no-referrer"
              loading="lazy"
              decoding="async"
              @error=${this.onError}
            />`
          : nothing
      }`;
  }

  private readonly onError = (): void => {
    this.failed = true;
  };
}

function firstLetter(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name);
  return (match?.[0] ?? '?').toUpperCase();
}

function hue(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return Math.abs(hash) % HUES;
}

customElements.define('tt-avatar', TtAvatar);

declare global {
  interface HTMLElementTagNameMap {
    'tt-avatar': TtAvatar;
  }
}
