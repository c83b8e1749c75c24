/**
 * Settings › Notifications: which changes Teamtray tells the user about (main's runtime watcher
 * reads these on every change it sees); and Settings › Tray icon and summary: whether offline
 * devices count as needing attention there (not a notification: it changes the icon and the
 * summary above the list), and whether the tray shows how many need the user. Quiet hours on a
 * schedule sit under the notifications they silence (quiet-hours-setting.ts); when a problem that
 * lasts is told again and how long a device may be offline first, in the same card
 * (alert-timing-setting.ts).
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { DEFAULT_SETTINGS } from '../../common/settings-defaults';
import type { Settings, SettingsPatch } from '../../common/settings';
import { StoreConsumer } from '../state/store-context';
import { alertTimingStyles, renderAlertTiming } from './alert-timing-setting';
import { quietHoursStyles, renderQuietHours } from './quiet-hours-setting';
import { settingsSectionStyles } from './settings-section.styles';
import { settingsToggleStyles } from './settings-toggle.styles';
import { sharedStyles } from './shared.styles';

type NotificationSetting =
  'notifyInstances' | 'notifyDevices' | 'notifyAccounts' | 'notifyRecoveries';
type Toggle = NotificationSetting | 'devicesNeedAttention' | 'trayCount';

interface ToggleText {
  readonly id: string;
  readonly title: string;
  readonly hint: string;
}

/** Each notification's words: the title names the change, the hint says what counts. */
const NOTIFY: { readonly [K in NotificationSetting]: ToggleText } = {
  notifyInstances: {
    id: 'notify-instances',
    title: 'An instance crashes or stops',
    hint: 'Or someone suspends it; never for what you do from Teamtray.',
  },
  notifyDevices: {
    id: 'notify-devices',
    title: 'A device goes offline or comes back',
    hint: 'A remote Node-RED device stops or resumes calling home.',
  },
  notifyAccounts: {
    id: 'notify-accounts',
    title: 'A token stops working',
    hint: 'Expired or revoked: the account needs a new one.',
  },
  notifyRecoveries: {
    id: 'notify-recoveries',
    title: 'When a problem is over',
    hint: 'Running again, out of safe mode, back online, connected again: and how long it lasted.',
  },
};

const ATTENTION: ToggleText = {
  id: 'devices-attention',
  title: 'Offline devices need attention',
  hint: 'The tray icon turns to attention, and the summary above the list counts them.',
};

const COUNT: ToggleText = {
  id: 'tray-count',
  title: 'Show the count on the tray',
  hint: 'How many need you: beside the icon on macOS, on it on Windows, in its tooltip on Linux.',
};

export class TtSettingsNotifications extends LitElement {
  static override properties = {
    settings: { attribute: false },
    error: { state: true },
  };

  static override styles = [
    sharedStyles,
    settingsSectionStyles,
    settingsToggleStyles,
    quietHoursStyles,
    alertTimingStyles,
    // Two sections: as far apart as the sections of Settings (tt-settings.styles.ts).
    css`
      :host {
        display: grid;
        gap: 20px;
      }
    `,
  ];

  /** The settings in force, from main. */
  declare settings: Settings;
  /** Why main refused the last change, until the next one. */
  declare error: string | null;

  private readonly stored = new StoreConsumer(this);

  constructor() {
    super();
    this.settings = DEFAULT_SETTINGS;
    this.error = null;
  }

  protected override render(): TemplateResult {
    return html`<section aria-labelledby="notify-title">
        <h2 id="notify-title">Notifications</h2>
        <div class="card">
          ${this.renderToggle('notifyInstances', NOTIFY.notifyInstances)}
          ${this.renderToggle('notifyDevices', NOTIFY.notifyDevices)}
          ${this.renderToggle('notifyAccounts', NOTIFY.notifyAccounts)}
          ${this.renderToggle('notifyRecoveries', NOTIFY.notifyRecoveries)}
          ${renderAlertTiming(
            this.settings.remindAfterMinutes,
            this.settings.deviceGraceMinutes,
            (patch) => {
              void this.saveTiming(patch);
            },
          )}
        </div>
        ${renderQuietHours(this.settings.quietHours, (quietHours) => {
          void this.saveQuietHours(quietHours);
        })}
      </section>
      <section aria-labelledby="attention-title">
        <h2 id="attention-title">Tray icon and summary</h2>
        <div class="card">
          ${this.renderToggle('devicesNeedAttention', ATTENTION)}
          ${this.renderToggle('trayCount', COUNT)}
        </div>
        ${this.error === null ? nothing : html`<p class="setting error" role="alert">${this.error}</p>`}
      </section>`;
  }

  private renderToggle(key: Toggle, text: ToggleText): TemplateResult {
    // The title alone names the checkbox; the hint describes it (a shorter name to hear).
    return html`<div class="setting">
      <label for=${text.id}
        ><span class="title" id="${text.id}-title">${text.title}</span
        ><span class="hint" id="${text.id}-hint">${text.hint}</span></label
      >
      <input
        id=${text.id}
        type="checkbox"
        aria-labelledby="${text.id}-title"
        aria-describedby="${text.id}-hint"
        .checked=${live(this.settings[key])}
        @change=${(event: Event) => {
          void this.save(key, (event.target as HTMLInputElement).checked);
        }}
      />
    </div>`;
  }

  private async saveTiming(patch: SettingsPatch): Promise<void> {
    this.error = await this.stored.store.saveSettings(patch);
    this.requestUpdate();
  }

  private async saveQuietHours(quietHours: Settings['quietHours']): Promise<void> {
    this.error = await this.stored.store.saveSettings({ quietHours });
    this.requestUpdate();
  }

  private async save(key: Toggle, on: boolean): Promise<void> {
    this.error = await this.stored.store.saveSettings({ [key]: on });
    // A refusal leaves the box as main has it (live() reads the setting again).
    this.requestUpdate();
  }
}

customElements.define('tt-settings-notifications', TtSettingsNotifications);

declare global {
  interface HTMLElementTagNameMap {
    'tt-settings-notifications': TtSettingsNotifications;
  }
}
