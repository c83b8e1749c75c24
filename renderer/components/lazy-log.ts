/**
 * The log under an instance row (./instance-log.ts), loaded when a log is first shown (issue 30:
 * it is not on the first screen of most users, and its script stays out of the first one). Until
 * it is in, the row shows no log; its module arriving is a signal, so the list that asked draws
 * the log then (the list is a SignalWatcher). ./lazy-parts.ts loads it with the other parts once
 * the page is idle.
 */
import { nothing } from 'lit';
import type * as InstanceLogModule from './instance-log';
import { lazyModule } from './lazy-module';

type LogModule = typeof InstanceLogModule;
type LogArgs = Parameters<LogModule['renderInstanceLog']>;

const logPart = lazyModule<LogModule>(() => import('./instance-log'));

export function loadLog(): Promise<void> {
  return logPart.load();
}

/** The log, or nothing until its module is in (asked for here). */
export function renderLazyLog(
  log: LogArgs[0],
  ctx: LogArgs[1],
): ReturnType<LogModule['renderInstanceLog']> | typeof nothing {
  const module = logPart.loaded.value;
  if (module !== null) return module.renderInstanceLog(log, ctx);
  loadLog().catch(() => undefined);
  return nothing;
}
