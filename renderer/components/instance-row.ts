/** The header of one instance's section: label, host, status, age, and the fix when broken. */
import { html, nothing, type TemplateResult } from 'lit';
import type { InstanceView } from '../../common/model';
import { showsError, type InstanceRow, type NoteRow } from '../state/rows';
import { absoluteTime, relativeTime } from '../state/time';
import { clockIcon, keyIcon, refreshIcon } from './icons';

export interface InstanceRowContext {
  readonly now: number;
  readonly refreshing: boolean;
  readonly searching: boolean;
  readonly onRetry: (instance: InstanceView) => void;
  readonly onReplaceToken: (instance: InstanceView) => void;
}

interface Status {
  readonly text: string;
  readonly tone: 'ok' | 'warn' | 'danger' | 'muted';
}

export function instanceStatus(instance: InstanceView): Status {
  switch (instance.status) {
    case 'loading':
      return { text: 'Refreshing', tone: 'muted' };
    case 'ok':
      return instance.stale ? { text: 'Stale', tone: 'warn' } : { text: 'Online', tone: 'ok' };
    case 'unauthorized':
      return { text: 'Token expired or revoked', tone: 'danger' };
    case 'token_unavailable':
      return { text: 'Token needed', tone: 'danger' };
    case 'unreachable':
      return { text: 'Unreachable', tone: 'warn' };
    case 'error':
      return { text: 'Error', tone: 'danger' };
  }
}

function versionTitle(instance: InstanceView): string {
  const parts = [
    instance.version === null ? 'FlowFuse (version unknown)' : `FlowFuse ${instance.version}`,
  ];
  if (instance.username !== null) parts.push(`signed in as ${instance.username}`);
  return parts.join(', ');
}

export function renderInstanceRow(row: InstanceRow, ctx: InstanceRowContext): TemplateResult {
  const { instance } = row;
  const status = instanceStatus(instance);
  const version = versionTitle(instance);
  const needsToken = instance.status === 'unauthorized' || instance.status === 'token_unavailable';
  const canRetry = instance.status === 'unreachable' || instance.status === 'error';
  const loading = instance.status === 'loading' || ctx.refreshing;
  const age =
    instance.lastSuccessAt === null
      ? 'Never updated'
      : `Updated ${relativeTime(instance.lastSuccessAt, ctx.now)}`;
  const teams = ctx.searching
    ? `${row.shown} of ${instance.teams.length} teams`
    : `${instance.teams.length} ${instance.teams.length === 1 ? 'team' : 'teams'}`;
  return html`<div class="row instance" role="listitem" data-kind="instance" data-key=${row.key}>
    <div class="instance-line">
      <h2 class="instance-label" title=${version}>${instance.label}</h2>
      <span class="host" title=${instance.origin}>${instance.host}</span>
      <span class="badge ${status.tone}" title=${version}>
        ${loading ? html`<span class="spinner mini" aria-hidden="true"></span>` : nothing}
        ${loading && instance.status !== 'loading' ? 'Refreshing' : status.text}
      </span>
    </div>
    <div class="instance-line sub">
      <span
        class="age ${instance.stale ? 'stale' : ''}"
        title=${instance.lastSuccessAt === null ? '' : absoluteTime(instance.lastSuccessAt)}
        >${instance.stale ? clockIcon : nothing}${age}</span
      >
      <span aria-hidden="true">·</span>
      <span>${teams}</span>
      <span class="spacer"></span>
      ${
        needsToken
          ? html`<button
              class="btn small"
              @click=${() => {
                ctx.onReplaceToken(instance);
              }}
            >
              ${keyIcon} Replace token
            </button>`
          : nothing
      }
      ${
        canRetry
          ? html`<button
              class="btn small"
              ?disabled=${loading}
              @click=${() => {
                ctx.onRetry(instance);
              }}
            >
              ${refreshIcon} Retry
            </button>`
          : nothing
      }
    </div>
    ${
      showsError(instance) && instance.error !== null
        ? html`<p class="instance-error">${instance.error.message}</p>`
        : nothing
    }
  </div>`;
}

export function renderNoteRow(row: NoteRow): TemplateResult {
  return html`<div class="row note" role="listitem" data-kind="note" data-key=${row.key}>
    <div class="note-box">${row.text}</div>
  </div>`;
}
