/**
 * The log under an instance row: the words over it (read when, reading, suspended, failed), its
 * last lines newest first (errors and warnings stand out; a message of several lines keeps
 * them; each line's age), and beside them Restart, Copy log and Open log in FlowFuse. Lit's text
 * bindings only: a log line is anyone's text and never markup.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { InstanceLog, LogLine } from '../../common/state';
import { hasLines, levelWord, logStatusText, logTone, newestFirst } from '../state/instance-log';
import { absoluteTime, isShownTime, relativeTime } from '../state/time';
import { externalIcon, restartIcon } from './icons';
import { copyIcon } from './part-icons';

export interface InstanceLogContext {
  readonly name: string;
  readonly now: number;
  /** The row holds the list's tab stop: the log's buttons are in the tab order. */
  readonly active: boolean;
  /** Restart is offered now (the state allows it, nothing is under way); its refusal if any. */
  readonly restart: { readonly allowed: boolean; readonly title: string } | null;
  readonly onRestart: () => void;
  readonly onCopy: () => void;
  readonly onOpen: () => void;
  readonly onRetry: () => void;
  /** Every line read shows, not only the newest few. */
  readonly all: boolean;
  readonly onShowAll: () => void;
}

/** Lines shown until the user asks for all (the popover is small; the newest say why). */
const LOG_LINES_SHOWN = 4;

function renderLine(line: LogLine, now: number): TemplateResult {
  const tone = logTone(line.level);
  const level = levelWord(line);
  // A time no date can hold (a server's far `ts`) shows as the server sent it.
  const dated = isShownTime(line.at);
  return html`<li class="log-line ${tone}">
    <span class="log-age" title=${dated ? absoluteTime(line.at) : line.ts}
      >${dated ? relativeTime(line.at, now) : line.ts}</span
    >
    ${level === '' ? nothing : html`<span class="log-level">${level}</span>`}
    <span class="log-msg">${line.msg}</span>
  </li>`;
}

export function renderInstanceLog(
  log: InstanceLog | null,
  ctx: InstanceLogContext,
): TemplateResult {
  const tab = ctx.active ? 0 : -1;
  const read = newestFirst(log);
  const lines = ctx.all ? read : read.slice(0, LOG_LINES_SHOWN);
  const more = read.length > LOG_LINES_SHOWN;
  const reading = log === null || log.status === 'loading';
  const failed = log?.status === 'error';
  const released = log?.status === 'released';
  const status = logStatusText(log, ctx.now);
  return html`<div class="instance-log" data-log-status=${log?.status ?? 'loading'}>
    <div class="log-status${failed ? ' tone-text problem' : ''}">
      ${reading ? html`<span class="spinner mini" aria-hidden="true"></span>` : nothing}${status}
    </div>
    ${
      lines.length === 0
        ? nothing
        : html`<ol class="log-lines" aria-label=${`Last log lines of ${ctx.name}, newest first`}>
            ${lines.map((line) => renderLine(line, ctx.now))}
          </ol>`
    }
    <div class="log-actions">
      ${
        more
          ? html`<button
              class="btn small"
              tabindex=${tab}
              aria-label=${ctx.all ? `Show the newest ${LOG_LINES_SHOWN} lines of ${ctx.name}` : `Show all ${read.length} lines of ${ctx.name}`}
              aria-expanded=${ctx.all ? 'true' : 'false'}
              @click=${ctx.onShowAll}
            >
              ${ctx.all ? `Show the newest ${LOG_LINES_SHOWN}` : `Show all ${read.length}`}
            </button>`
          : nothing
      }
      ${
        failed || released
          ? html`<button
              class="btn small"
              tabindex=${tab}
              aria-label=${`${failed ? 'Try again' : 'Read again'}: read the log of ${ctx.name}`}
              @click=${ctx.onRetry}
            >
              ${failed ? 'Try again' : 'Read again'}
            </button>`
          : nothing
      }
      ${
        ctx.restart === null
          ? nothing
          : html`<button
              class="btn small"
              tabindex=${tab}
              aria-label=${`Restart ${ctx.name}, from its log`}
              aria-disabled=${ctx.restart.allowed ? 'false' : 'true'}
              title=${ctx.restart.title}
              @click=${ctx.onRestart}
            >
              ${restartIcon}Restart
            </button>`
      }
      ${
        hasLines(log)
          ? html`<button
              class="btn small"
              tabindex=${tab}
              aria-label=${`Copy log of ${ctx.name}`}
              @click=${ctx.onCopy}
            >
              ${copyIcon}Copy log
            </button>`
          : nothing
      }
      <button
        class="btn small"
        tabindex=${tab}
        aria-label=${`Open log in FlowFuse: ${ctx.name}`}
        title="Open its log in FlowFuse"
        @click=${ctx.onOpen}
      >
        ${externalIcon}Open log in FlowFuse
      </button>
    </div>
  </div>`;
}
