/**
 * Settings › Notifications › Quiet hours: a schedule (on or off, from, to, and the days a window
 * starts on) saved as one value; main and the popover both read it through common/pins.ts's
 * quietEnd. A window whose end is earlier than its start runs into the next morning. The times
 * are the system's own time fields, which show the user's clock format.
 */
import { css, html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { QuietHours } from '../../common/pins';

/** The days in a working week's order, as Date.getDay() numbers them (0 is Sunday). */
const DAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 0, short: 'Sun', name: 'Sunday' },
] as const;

/** The schedule with `day` chosen or not, its days in order. */
function withDay(hours: QuietHours, day: number, chosen: boolean): QuietHours {
  const days = hours.days.filter((each) => each !== day);
  if (chosen) days.push(day);
  return { ...hours, days: days.sort((a, b) => a - b) };
}

export function renderQuietHours(
  hours: QuietHours,
  save: (next: QuietHours) => void,
): TemplateResult {
  const time = (which: 'from' | 'to') => (event: Event) => {
    const value = (event.target as HTMLInputElement).value;
    // A cleared field saves nothing: live() puts the saved time back.
    save(value === '' ? hours : { ...hours, [which]: value });
  };
  return html`<div class="card quiet-hours">
    <div class="setting">
      <label for="quiet-on"
        ><span class="title" id="quiet-on-title">Quiet hours on a schedule</span
        ><span class="hint" id="quiet-on-hint"
          >No notifications in this window. The moon above the list is for tonight only.</span
        ></label
      >
      <input
        id="quiet-on"
        type="checkbox"
        aria-labelledby="quiet-on-title"
        aria-describedby="quiet-on-hint"
        .checked=${live(hours.on)}
        @change=${(event: Event) => {
          save({ ...hours, on: (event.target as HTMLInputElement).checked });
        }}
      />
    </div>
    <div class="setting quiet-times">
      <label class="time" for="quiet-from"
        ><span class="title">From</span
        ><input
          id="quiet-from"
          class="input"
          type="time"
          required
          .value=${live(hours.from)}
          ?disabled=${!hours.on}
          @change=${time('from')}
      /></label>
      <label class="time" for="quiet-to"
        ><span class="title">To</span
        ><input
          id="quiet-to"
          class="input"
          type="time"
          required
          aria-describedby="quiet-to-hint"
          .value=${live(hours.to)}
          ?disabled=${!hours.on}
          @change=${time('to')}
      /></label>
      <span class="hint" id="quiet-to-hint">An end before the start is the next morning.</span>
    </div>
    <fieldset class="setting quiet-days" ?disabled=${!hours.on}>
      <legend class="title">Starting on</legend>
      ${DAYS.map(
        ({ day, short, name }) =>
          html`<label class="day" title=${name}
            ><input
              type="checkbox"
              aria-label=${name}
              .checked=${live(hours.days.includes(day))}
              @change=${(event: Event) => {
                save(withDay(hours, day, (event.target as HTMLInputElement).checked));
              }}
            /><span aria-hidden="true">${short}</span></label
          >`,
      )}
    </fieldset>
  </div>`;
}

export const quietHoursStyles = css`
  .quiet-times {
    align-items: end;
  }
  .quiet-times .time {
    display: grid;
    gap: 2px;
    /* Side by side while "07:30 PM" fits in each, one above the other when narrow. */
    flex: 1 1 10em;
    min-width: 0;
  }
  .quiet-times .input {
    min-width: 0;
  }
  .quiet-times .hint {
    flex: 1 1 100%;
  }
  .quiet-days {
    margin: 0;
    border: 0;
    border-top: 1px solid var(--tt-border);
    flex-wrap: wrap;
    justify-content: flex-start;
    gap: 4px 6px;
  }
  .quiet-days legend {
    float: left;
    width: 100%;
    padding: 0;
  }
  .quiet-days .day {
    flex: none;
    display: inline-flex;
    align-items: center;
    gap: 3px;
    font-size: 12px;
  }
  .quiet-days input[type='checkbox'] {
    width: 15px;
    height: 15px;
  }
  fieldset:disabled .day,
  .quiet-times input:disabled {
    opacity: 0.55;
  }
`;
