/**
 * Settings › Notifications: when a problem that lasts is told again (the still-down reminder,
 * `remindAfterMinutes`) and how long a device may be offline before it alerts
 * (`deviceGraceMinutes`). Two selects in the notifications' card; main's runtime watcher reads
 * both at each read of a team.
 */
import { css, html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { DEVICE_GRACE_CHOICES, REMIND_AFTER_CHOICES } from '../../common/alert-choices';
import type { SettingsPatch } from '../../common/settings';

type Choice<K extends 'remindAfterMinutes' | 'deviceGraceMinutes'> = NonNullable<SettingsPatch[K]>;

const REMIND_WORDS: { readonly [M in Choice<'remindAfterMinutes'>]: string } = {
  0: 'Never',
  30: 'After 30 min',
  60: 'After 1 h',
  240: 'After 4 h',
};

const GRACE_WORDS: { readonly [M in Choice<'deviceGraceMinutes'>]: string } = {
  0: 'At once',
  5: 'After 5 min',
  15: 'After 15 min',
  30: 'After 30 min',
};

export const alertTimingStyles = css`
  .setting select {
    width: auto;
    max-width: 100%;
  }
`;

/** The two selects; `save` sends one change to main. */
export function renderAlertTiming(
  remindAfterMinutes: Choice<'remindAfterMinutes'>,
  deviceGraceMinutes: Choice<'deviceGraceMinutes'>,
  save: (patch: SettingsPatch) => void,
): TemplateResult {
  return html`<div class="setting">
      <label for="remind-after"
        ><span class="title" id="remind-after-title">Remind me if still down</span
        ><span class="hint" id="remind-after-hint"
          >Once per problem, at the first refresh after that time.</span
        ></label
      >
      <select
        id="remind-after"
        aria-labelledby="remind-after-title"
        aria-describedby="remind-after-hint"
        @change=${(event: Event) => {
          const minutes = Number((event.target as HTMLSelectElement).value);
          const choice = REMIND_AFTER_CHOICES.find((each) => each === minutes);
          if (choice !== undefined) save({ remindAfterMinutes: choice });
        }}
      >
        ${REMIND_AFTER_CHOICES.map(
          (minutes) =>
            html`<option value=${minutes} .selected=${live(minutes === remindAfterMinutes)}>
              ${REMIND_WORDS[minutes]}
            </option>`,
        )}
      </select>
    </div>
    <div class="setting">
      <label for="device-grace"
        ><span class="title" id="device-grace-title">Alert that a device is offline</span
        ><span class="hint" id="device-grace-hint"
          >After FlowFuse's 3 minutes without a call home; never in developer mode.</span
        ></label
      >
      <select
        id="device-grace"
        aria-labelledby="device-grace-title"
        aria-describedby="device-grace-hint"
        @change=${(event: Event) => {
          const minutes = Number((event.target as HTMLSelectElement).value);
          const choice = DEVICE_GRACE_CHOICES.find((each) => each === minutes);
          if (choice !== undefined) save({ deviceGraceMinutes: choice });
        }}
      >
        ${DEVICE_GRACE_CHOICES.map(
          (minutes) =>
            html`<option value=${minutes} .selected=${live(minutes === deviceGraceMinutes)}>
              ${GRACE_WORDS[minutes]}
            </option>`,
        )}
      </select>
    </div>`;
}
