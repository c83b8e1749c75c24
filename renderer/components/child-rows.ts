/** The rows under an open team: an instance with its state, a device with when it was seen. */
import { html, type TemplateResult } from 'lit';
import { stateLabel, stateTone } from '../../common/instance-state';
import type { DeviceRow, InstanceRow, RuntimeNoteRow } from '../state/runtime-rows';
import { presenceOfDevice } from '../state/runtime-view';
import { relativeTime } from '../state/time';

export function renderInstanceRow(row: InstanceRow): TemplateResult {
  const { instance } = row;
  return html`<div
    class="row child instance"
    role="listitem"
    data-kind="instance"
    data-key=${row.key}
  >
    <span class="dot ${stateTone(instance.state)}" aria-hidden="true"></span>
    <span class="child-name">${instance.name}</span>
    <span class="child-state">${stateLabel(instance.state)}</span>
  </div>`;
}

export function renderDeviceRow(row: DeviceRow, now: number): TemplateResult {
  const { device } = row;
  const presence = presenceOfDevice(device, now);
  const seen =
    presence === 'never'
      ? 'Never seen'
      : `${presence === 'online' ? 'Online' : 'Offline'} · seen ${relativeTime(device.lastSeenAt ?? now, now)}`;
  return html`<div class="row child device" role="listitem" data-kind="device" data-key=${row.key}>
    <span class="dot ${presence}" aria-hidden="true"></span>
    <span class="child-name">${device.name}</span>
    <span class="child-state">${seen}</span>
  </div>`;
}

export function renderRuntimeNote(row: RuntimeNoteRow): TemplateResult {
  return html`<div
    class="row child note ${row.tone}"
    role="listitem"
    data-kind="runtime-note"
    data-key=${row.key}
  >
    ${row.text}
  </div>`;
}
