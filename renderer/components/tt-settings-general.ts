/** Settings › General: launch at login, the refresh interval, the global shortcut and the theme. */
import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import { THEMES, type ThemeSetting } from '../../common/themes';
import type { Settings } from '../../common/settings';
import { StoreConsumer } from '../state/store-context';
import { settingsSectionStyles } from './settings-section.styles';
import { settingsToggleStyles } from './settings-toggle.styles';
import { sharedStyles } from './shared.styles';
import { settingsGeneralStyles } from './tt-settings-general.styles';
import './tt-shortcut-recorder';

interface Interval {
  readonly minutes: number;
  readonly text: string;
}

const INTERVALS: readonly Interval[] = [
  { minutes: 0, text: 'Off' },
  { minutes: 5, text: 'Every 5 minutes' },
  { minutes: 10, text: 'Every 10 minutes' },
  { minutes: 30, text: 'Every 30 minutes' },
  { minutes: 60, text: 'Every hour' },
];

/** Every theme common/settings allows needs its words here (a new one does not compile without). */
const THEME_TEXT: { readonly [T in ThemeSetting]: string } = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

export class TtSettingsGeneral extends LitElement {
  static override properties = {
    settings: { attribute: false },
    errors: { state: true },
  };

  static override styles = [
    sharedStyles,
    settingsSectionStyles,
    settingsToggleStyles,
    settingsGeneralStyles,
  ];

  /** The settings in force, from main. */
  declare settings: Settings;
  /** Why main refused a change, by setting, until the next change of it. */
  declare errors: Partial<Record<keyof Settings, string>>;

  private readonly stored = new StoreConsumer(this);

  constructor() {
    super();
    this.settings = DEFAULT_SETTINGS;
    this.errors = {};
  }

  protected override render(): TemplateResult {
    const { settings } = this;
    return html`<section aria-labelledby="general-title">
      <h2 id="general-title">General</h2>
      <div class="card">
        <div class="setting">
          <label for="login"
            ><span class="title">Launch at login</span
            ><span class="hint">Start Teamtray when you sign in.</span></label
          >
          <input
            id="login"
            type="checkbox"
            .checked=${live(settings.launchAtLogin)}
            @change=${(event: Event) => {
              void this.save({ launchAtLogin: (event.target as HTMLInputElement).checked });
            }}
          />
        </div>
        ${this.fieldError('launchAtLogin')}
        <div class="setting">
          <label for="interval"
            ><span class="title">Refresh teams</span
            ><span class="hint">In the background, while Teamtray runs.</span></label
          >
          <select
            id="interval"
            @change=${(event: Event) => {
              void this.save({
                refreshIntervalMinutes: Number((event.target as HTMLSelectElement).value),
              });
            }}
          >
            ${intervalOptions(settings.refreshIntervalMinutes).map(
              (option) =>
                html`<option
                  value=${option.minutes}
                  ?selected=${option.minutes === settings.refreshIntervalMinutes}
                >
                  ${option.text}
                </option>`,
            )}
          </select>
        </div>
        ${this.fieldError('refreshIntervalMinutes')} ${this.renderShortcut()} ${this.renderTheme()}
        ${this.fieldError('theme')}
      </div>
    </section>`;
  }

  private renderShortcut(): TemplateResult {
    // The recorder saves on its own and shows main's answer itself.
    return html`<div class="setting stack">
      <tt-shortcut-recorder .shortcut=${this.settings.globalShortcut}></tt-shortcut-recorder>
    </div>`;
  }

  private renderTheme(): TemplateResult {
    return html`<div class="setting">
      <span class="label-block"><span class="title" id="theme-label">Theme</span></span>
      <div class="segmented" role="radiogroup" aria-labelledby="theme-label">
        ${THEMES.map(
          (theme) =>
            html`<label
              ><input
                type="radio"
                name="theme"
                value=${theme}
                .checked=${live(this.settings.theme === theme)}
                @change=${() => {
                  void this.save({ theme });
                }}
              /><span>${THEME_TEXT[theme]}</span></label
            >`,
        )}
      </div>
    </div>`;
  }

  private fieldError(key: keyof Settings): TemplateResult | typeof nothing {
    const message = this.errors[key];
    return message === undefined
      ? nothing
      : html`<p class="setting error" role="alert">${message}</p>`;
  }

  /** Sends one change; main applies it to the OS first and says no when it cannot. */
  private async save(patch: Partial<Settings>): Promise<void> {
    const key = Object.keys(patch)[0] as keyof Settings;
    const refusal = await this.stored.store.saveSettings(patch);
    // A new object each time: every control is put back to what is really in force (live()
    // bindings re-read it, updated() sets the select).
    this.errors = { ...this.errors, [key]: refusal ?? undefined };
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // A select's value cannot be bound before its options exist, so it is set here, to what main
    // holds: after a save (refused, or main's patch still on its way) and when its patch came.
    if (!changed.has('settings') && !changed.has('errors')) return;
    const select = this.renderRoot.querySelector('select');
    if (select !== null) select.value = String(this.settings.refreshIntervalMinutes);
  }
}

/** The usual intervals, plus the one in force when it is none of them (set in the file). */
function intervalOptions(current: number): readonly Interval[] {
  if (INTERVALS.some((option) => option.minutes === current)) return INTERVALS;
  return [...INTERVALS, { minutes: current, text: `Every ${current} minutes` }];
}

customElements.define('tt-settings-general', TtSettingsGeneral);

declare global {
  interface HTMLElementTagNameMap {
    'tt-settings-general': TtSettingsGeneral;
  }
}
