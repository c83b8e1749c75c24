/**
 * The rows under an open team: an instance (its state, its application, the editor, its
 * FlowFuse page and, for owners, start / restart / stop / suspend), a device (online, offline or
 * never seen, when it was last seen, what it reported, its FlowFuse page, and for those who may
 * its restart, developer mode and editor page: device-row-parts.ts), or a note. Plain
 * templates: the list renders only the rows in view.
 */
import { withTokenScope } from '../../common/token-health';
import { html, nothing, type TemplateResult } from 'lit';
import {
  actionPermission,
  actionsFor,
  isTransitional,
  stateLabel,
  stateTone,
  TRANSITION,
} from '../../common/instance-state';
import type { InstanceAction } from '../../common/runtime';
import { deployWords, isStuckDeploy } from '../../common/stuck-deploy';
import {
  DEVICE_ACTION_WORDS,
  type DeviceAction,
  type DeviceMode,
} from '../../common/device-actions';
import { renderDeviceActions } from './device-row-parts';
import { rowButton } from './row-button';
import { historyButton, renderHistory } from './row-history';
import {
  presenceOfDevice,
  type DeviceRow,
  type InstanceRow,
  type RuntimeHeadingRow,
  type RuntimeMoreRow,
  type RuntimeNoteRow,
} from '../state/runtime-rows';
import { changeBeforeLine } from '../state/change-before';
import { lastActionLine } from '../state/last-action';
import { DEVELOPER_MODE_LINE, recoveryLine } from '../state/recovery-line';
import { relativeTime } from '../state/time';
import { bellIcon, externalIcon, pinIcon, restartIcon } from './icons';
import { editorIcon, logIcon, playIcon, snoozeIcon, stopIcon, suspendIcon } from './part-icons';
import { renderChangeBefore } from './change-before';
import { renderLazyLog } from './lazy-log';
import { marked } from './marked';
import { renderRowError } from './row-error';
import { renderContext, renderSnoozed, snoozedWords } from './pin-child-parts';
import { renderSelectBox } from './bulk-parts';

export interface ChildRowContext {
  /** The row holds the list's tab stop: it and its buttons are in the tab order. */
  readonly active: boolean;
  readonly query: string;
  readonly now: number;
  /** Why the last action or open on this row failed. */
  readonly error: string | null;
  /**
   * The action the user just asked for, on its way to main: the row shows its transition
   * ("Stopping…") in the click's own frame, until main's patch says the same or puts it back.
   */
  readonly pending: InstanceAction | null;
  readonly onAction: (row: InstanceRow, action: InstanceAction) => void;
  readonly onOpenInstance: (row: InstanceRow, page: 'editor' | 'flowfuse' | 'audit-log') => void;
  readonly onOpenDevice: (row: DeviceRow) => void;
  readonly onDismissError: (key: string) => void;
  /** The instance's log shows under it (by itself for a problem, or as the user chose). */
  readonly logShown: boolean;
  /** Every line of it shows, not only the newest few. */
  readonly logAll: boolean;
  readonly onLogAll: (row: InstanceRow) => void;
  readonly onToggleLog: (row: InstanceRow) => void;
  readonly onReadLog: (row: InstanceRow) => void;
  readonly onCopyLog: (row: InstanceRow) => void;
  readonly onOpenLog: (row: InstanceRow) => void;
  /** The item is pinned (the pinned section at the top shows it). */
  readonly pinned: boolean;
  /** Until when its notifications are snoozed, or null. */
  readonly snoozedUntil: number | null;
  readonly onPin: (row: InstanceRow | DeviceRow) => void;
  readonly onSnooze: (row: InstanceRow | DeviceRow) => void;
  /** A device's restart or mode change asked for and on its way to main (its own draft). */
  readonly devicePending: DeviceAction | null;
  readonly onRestartDevice: (row: DeviceRow) => void;
  readonly onDeviceMode: (row: DeviceRow, mode: DeviceMode) => void;
  readonly onOpenDeviceEditor: (row: DeviceRow) => void;
  /** Picked for a bulk action (bulk-parts.ts); absent where rows cannot be picked. */
  readonly selected?: boolean;
  /** A click on its picking box (Shift: a range). */
  readonly onSelect?: (row: InstanceRow, event: MouseEvent) => void;
  /** The row's history shows under it (the user opened it: row-history-controller.ts). */
  readonly historyShown: boolean;
  readonly onToggleHistory: (row: InstanceRow | DeviceRow) => void;
}

const VERB: { readonly [A in InstanceAction]: string } = {
  start: 'Start',
  restart: 'Restart',
  stop: 'Stop',
  suspend: 'Suspend',
};

const ICON: { readonly [A in InstanceAction]: TemplateResult } = {
  start: playIcon,
  restart: restartIcon,
  stop: stopIcon,
  suspend: suspendIcon,
};

const HINT: { readonly [A in InstanceAction]: string } = {
  start: 'Start it',
  restart: 'Restart it',
  stop: 'Stop it (the instance stays ready to start again)',
  suspend: 'Suspend it: stops it and frees its resources (asks first)',
};

export function renderInstanceRow(row: InstanceRow, ctx: ChildRowContext): TemplateResult {
  const { instance } = row;
  const { name } = instance;
  const state =
    ctx.pending !== null && !isTransitional(instance.state)
      ? TRANSITION[ctx.pending]
      : instance.state;
  const tone = stateTone(state);
  const label = stateLabel(state);
  const application = instance.application ?? 'No application';
  const permission = withTokenScope(
    actionPermission(row.team.role),
    row.account.tokenInfo,
    row.team.id,
  );
  const lifecycle = ctx.pending !== null ? [] : actionsFor(state);
  // Who stopped or suspended it, and when; nothing while the user's own action is on its way.
  const last =
    ctx.pending === null ? lastActionLine(instance, state, row.account.username, ctx.now) : null;
  // Out of trouble a moment ago: "Running again · down 12 min", for a while.
  const recovery = recoveryLine(instance, state, ctx.now);
  // What changed just before it broke; nothing while the user's own action is on its way.
  const change =
    ctx.pending === null ? changeBeforeLine(instance, state, row.account.username, ctx.now) : null;
  const selected = ctx.selected === true;
  const classes = `row child instance${ctx.active ? ' active' : ''}${row.context === undefined ? '' : ' in-pins'}${selected ? ' picked' : ''}`;
  return html`<div
    class=${classes}
    role="listitem"
    data-kind="instance"
    data-key=${row.key}
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${`${name}, instance, ${label}, in ${application}${last === null ? '' : `, ${last.text.replace(' · ', ', ')}`}${recovery === null ? '' : `, ${recovery.replace(' · ', ', ')}`}${change === null ? '' : `, ${change.replace(' · ', ', ')}`}${aboutPins(row, ctx)}${selected ? ', selected' : ''}`}
    aria-describedby=${permission.allowed || lifecycle.length === 0 ? 'instance-help' : `instance-help why-${row.key}`}
  >
    <span class="dot ${tone}" aria-hidden="true"></span>
    ${ctx.onSelect === undefined ? nothing : renderSelectBox(row, selected, ctx.onSelect)}
    <div class="child-text">
      <div class="child-line">
        <span class="child-name" title=${name}>${marked(name, ctx.query)}</span>
        <span class="child-state tone-text ${tone}"
          >${
            isTransitional(state)
              ? html`<span class="spinner mini" aria-hidden="true"></span>`
              : nothing
          }${label}</span
        >
      </div>
      ${renderContext(row.context)}
      <span class="child-sub" title=${application}
        >${renderSnoozed(ctx.snoozedUntil)}${application}</span
      >
      ${
        last === null
          ? nothing
          : html`<span
              class="child-sub last-action${last.tone === 'problem' ? ' tone-text problem' : ''}"
              title=${last.text}
              >${last.text}</span
            >`
      }
      ${
        recovery === null
          ? nothing
          : html`<span class="child-sub recovery tone-text ok" title=${recovery}>${recovery}</span>`
      }
      ${
        permission.allowed || lifecycle.length === 0
          ? nothing
          : html`<span class="member-note" id=${`why-${row.key}`}>${permission.reason}</span>`
      }
      ${errorOf(ctx, row.key)}
    </div>
    <div class="child-actions">
      ${rowButton(
        `Open the editor of ${name}`,
        'Editor',
        instance.url === null ? 'FlowFuse gave no editor address' : 'Open the Node-RED editor',
        editorIcon,
        ctx,
        () => {
          ctx.onOpenInstance(row, 'editor');
        },
        instance.url === null,
      )}
      ${rowButton(
        `Open ${name} in FlowFuse`,
        'FlowFuse',
        'Open its page in FlowFuse',
        externalIcon,
        ctx,
        () => {
          ctx.onOpenInstance(row, 'flowfuse');
        },
      )}
      ${logButton(row, ctx)} ${historyOf(row, ctx)} ${pinAndSnooze(row, ctx)}
      ${
        // A member gets no faded buttons over the state: the line above says why, once.
        permission.allowed
          ? lifecycle.map((action) =>
              rowButton(
                `${VERB[action]} ${name}`,
                VERB[action],
                HINT[action],
                ICON[action],
                ctx,
                () => {
                  ctx.onAction(row, action);
                },
              ),
            )
          : nothing
      }
    </div>
    ${
      // Above the log, after the row's own buttons: Tab reaches them first.
      change === null
        ? nothing
        : renderChangeBefore(change, {
            name,
            active: ctx.active,
            onOpen: () => {
              ctx.onOpenInstance(row, 'audit-log');
            },
          })
    }
    ${renderHistory(name, instance.history, ctx.historyShown, ctx.now)}
    ${
      // After the row's own buttons: Tab reaches them first, then the log's.
      ctx.logShown ? logOf(row, ctx, lifecycle.includes('restart') ? permission : null) : nothing
    }
  </div>`;
}

export function renderDeviceRow(row: DeviceRow, ctx: ChildRowContext): TemplateResult {
  const { device } = row;
  const presence = presenceOfDevice(device, ctx.now);
  const status =
    presence === 'online' ? 'Online' : presence === 'offline' ? 'Offline' : 'Never seen';
  const seen =
    device.lastSeenAt === null
      ? 'has not called home yet'
      : `seen ${relativeTime(device.lastSeenAt, ctx.now)}`;
  const reported =
    // A device that never called home reported nothing, whatever the server fills in.
    device.state === null || device.lastSeenAt === null
      ? null
      : presence === 'online'
        ? `reports ${device.state}`
        : `last reported ${device.state}`;
  const sub = reported === null ? seen : `${seen} · ${reported}`;
  const busy = ctx.devicePending ?? device.action;
  const shown = busy === null ? status : DEVICE_ACTION_WORDS[busy];
  // Someone works on it from the editor: it never alerts for offline, and says why.
  const developer = device.mode === 'developer';
  // Not on the snapshot it was told to run: its names, a problem past a quarter of an hour.
  const deploy = deployWords(device, ctx.now);
  const stuck = isStuckDeploy(device, ctx.now);
  const classes = `row child device${ctx.active ? ' active' : ''}${row.context === undefined ? '' : ' in-pins'}`;
  return html`<div
    class=${classes}
    role="listitem"
    data-kind="device"
    data-key=${row.key}
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${`${device.name}, device, ${shown}, ${sub.replaceAll(' · ', ', ')}${developer ? `, ${DEVELOPER_MODE_LINE.replace(' · ', ', ')}` : ''}${deploy === null ? '' : `, ${deploy}`}${aboutPins(row, ctx)}`}
    aria-describedby="device-help"
  >
    <span class="dot ${presence}" aria-hidden="true"></span>
    <div class="child-text">
      <div class="child-line">
        <span class="child-name" title=${device.name}>${marked(device.name, ctx.query)}</span>
        <span class="child-state tone-text ${busy === null ? presence : 'busy'}"
          >${
            busy === null ? nothing : html`<span class="spinner mini" aria-hidden="true"></span>`
          }${shown}</span
        >
      </div>
      ${renderContext(row.context)}
      <span class="child-sub">${renderSnoozed(ctx.snoozedUntil)}${sub}</span>
      ${
        developer
          ? html`<span class="child-sub developer-mode" title=${DEVELOPER_MODE_LINE}
              >${DEVELOPER_MODE_LINE}</span
            >`
          : nothing
      }
      ${
        deploy === null
          ? nothing
          : html`<span class="child-sub deploy${stuck ? ' tone-text problem' : ''}" title=${deploy}
              >${deploy}</span
            >`
      }
      ${errorOf(ctx, row.key)}
    </div>
    <div class="child-actions">
      ${rowButton(
        `Open ${device.name} in FlowFuse`,
        'FlowFuse',
        'Open its page in FlowFuse',
        externalIcon,
        ctx,
        () => {
          ctx.onOpenDevice(row);
        },
      )}
      ${renderDeviceActions(row, ctx, busy)} ${historyOf(row, ctx)} ${pinAndSnooze(row, ctx)}
    </div>
    ${renderHistory(device.name, device.history, ctx.historyShown, ctx.now)}
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

/** "Instances · 200": a heading over one kind of a team's rows. */
export function renderRuntimeHeading(row: RuntimeHeadingRow): TemplateResult {
  return html`<div
    class="row heading"
    role="listitem"
    data-kind="runtime-heading"
    data-key=${row.key}
  >
    ${row.text}
  </div>`;
}

/** "Show all 200 instances": a row of the list (the arrows stop on it) holding one button. */
export function renderRuntimeMore(
  row: RuntimeMoreRow,
  active: boolean,
  onShowAll: (row: RuntimeMoreRow) => void,
): TemplateResult {
  return html`<div
    class="row more${active ? ' active' : ''}"
    role="listitem"
    data-kind="runtime-more"
    data-key=${row.key}
    tabindex=${active ? 0 : -1}
    aria-label=${`${row.text} of ${row.team.name}`}
  >
    <button
      class="btn small"
      tabindex="-1"
      @click=${() => {
        onShowAll(row);
      }}
    >
      ${row.text}
    </button>
  </div>`;
}

/** Log: shows or hides the instance's last log lines under its row. */
function logButton(row: InstanceRow, ctx: ChildRowContext): TemplateResult {
  const { name } = row.instance;
  return html`<button
    class="icon-btn small worded"
    data-word="Log"
    tabindex=${ctx.active ? 0 : -1}
    aria-label=${`Log of ${name}`}
    aria-expanded=${ctx.logShown ? 'true' : 'false'}
    title=${ctx.logShown ? 'Hide its last log lines' : 'Show its last log lines'}
    @click=${() => {
      ctx.onToggleLog(row);
    }}
  >
    ${logIcon}
  </button>`;
}

/** The log under the row, with Restart when the state offers it. */
function logOf(
  row: InstanceRow,
  ctx: ChildRowContext,
  restart: ReturnType<typeof actionPermission> | null,
): TemplateResult | typeof nothing {
  return renderLazyLog(row.instance.log, {
    name: row.instance.name,
    now: ctx.now,
    active: ctx.active,
    restart:
      restart === null
        ? null
        : { allowed: restart.allowed, title: restart.allowed ? HINT.restart : restart.reason },
    onRestart: () => {
      ctx.onAction(row, 'restart');
    },
    onCopy: () => {
      ctx.onCopyLog(row);
    },
    onOpen: () => {
      ctx.onOpenLog(row);
    },
    onRetry: () => {
      ctx.onReadLog(row);
    },
    all: ctx.logAll,
    onShowAll: () => {
      ctx.onLogAll(row);
    },
  });
}

/** History: shows or hides the row's last transitions under it (row-history.ts). */
function historyOf(row: InstanceRow | DeviceRow, ctx: ChildRowContext): TemplateResult {
  const name = row.kind === 'instance' ? row.instance.name : row.device.name;
  return historyButton(name, ctx.historyShown, ctx, () => {
    ctx.onToggleHistory(row);
  });
}

/** Pin or unpin it; snooze its notifications for an hour, or end the snooze. */
function pinAndSnooze(row: InstanceRow | DeviceRow, ctx: ChildRowContext): TemplateResult {
  const name = row.kind === 'instance' ? row.instance.name : row.device.name;
  const snoozed = ctx.snoozedUntil !== null;
  return html`${rowButton(
    ctx.pinned ? `Unpin ${name}` : `Pin ${name}`,
    ctx.pinned ? 'Unpin' : 'Pin',
    ctx.pinned ? 'Unpin it from the top of the list (P)' : 'Pin it at the top of the list (P)',
    pinIcon,
    ctx,
    () => {
      ctx.onPin(row);
    },
  )}${rowButton(
    snoozed ? `Unsnooze ${name}` : `Snooze ${name} for 1 hour`,
    snoozed ? 'Unsnooze' : 'Snooze',
    snoozed ? 'Notifications about it again' : 'Snooze 1 hour: no notifications about it',
    // Not the snoozed mark's struck bell: the action is a clock, its undo the bell.
    snoozed ? bellIcon : snoozeIcon,
    ctx,
    () => {
      ctx.onSnooze(row);
    },
  )}`;
}

/** What a screen reader adds: pinned, snoozed. */
function aboutPins(row: InstanceRow | DeviceRow, ctx: ChildRowContext): string {
  const parts = [
    row.context === undefined ? null : `pinned, in ${row.context}`,
    ctx.snoozedUntil === null ? null : snoozedWords(ctx.snoozedUntil),
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : `, ${parts.join(', ')}`;
}

/** The refusal under a row, dismissible; nothing when there is none. */
function errorOf(ctx: ChildRowContext, key: string) {
  return ctx.error === null
    ? nothing
    : renderRowError(ctx.error, () => {
        ctx.onDismissError(key);
      });
}
