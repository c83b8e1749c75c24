/**
 * The log area: read an instance's last log lines now (they come to the renderer as patches of
 * the instance's `log`), and copy the lines main holds as plain text. The renderer names the
 * instance only; main reads with the saved token and copies what it read itself.
 */
import { asInstanceId, asTeamId } from '../../common/brand';
import { AppError } from '../../common/errors';
import type { Instance, LogLine, TeamtrayState } from '../../common/state';
import type { ShellPort } from '../shell/port';
import { instanceIn } from '../model/select';
import type { InstanceLogs } from './instance-logs';
import type { RateLimit } from '../base/rate-limit';
import { requireAccount } from '../model/require-account';
import type { AreaHandlers } from '../ipc/area-handlers';

/** A log read this recently is not read again on a click: a double click is one read. */
const LOG_FRESH_MS = 2_000;

export interface InstanceLogHandlerDeps {
  readonly state: () => TeamtrayState;
  readonly logs: Pick<InstanceLogs, 'read'>;
  readonly shell: Pick<ShellPort, 'copyText'>;
  readonly now: () => number;
  /** Log reads the page asks for (call-limits.ts). */
  readonly logReads: RateLimit;
}

/**
 * One entry as copied: `2024-05-01T14:03:07.123Z [error] message` (its lines kept). A time no
 * date can hold (a server's far `ts`) is copied as the server sent it.
 */
function lineText(line: LogLine): string {
  const date = new Date(line.at);
  const when = Number.isNaN(date.getTime()) ? line.ts : date.toISOString();
  return `${when} [${line.level ?? 'log'}] ${line.msg}`;
}

/** The lines main holds, oldest first, as text; an error when there are none to copy. */
function logText(instance: Instance): string {
  const log = instance.log;
  if (log?.status === 'suspended') {
    throw new AppError('not_found', `No log while ${instance.name} is suspended.`);
  }
  if (log === null || log.lines.length === 0) {
    throw new AppError('not_found', `No log lines of ${instance.name} have been read.`);
  }
  return `${log.lines.map(lineText).join('\n')}\n`;
}

export function instanceLogHandlers(
  deps: InstanceLogHandlerDeps,
): AreaHandlers<'readInstanceLog' | 'copyInstanceLog'> {
  const { state, logs, shell, now } = deps;
  const listed = (accountId: string, teamId: string, instanceId: string) => {
    const tree = state();
    const account = requireAccount(tree, accountId);
    const instance = instanceIn(tree, account.id, teamId, instanceId);
    if (instance === undefined) {
      throw new AppError('not_found', 'That instance is no longer listed.');
    }
    return { account, instance };
  };
  return {
    async readInstanceLog({ accountId, teamId, instanceId }) {
      const { account, instance } = listed(accountId, teamId, instanceId);
      const log = instance.log;
      const fresh =
        log?.status === 'ok' && log.fetchedAt !== null && now() - log.fetchedAt < LOG_FRESH_MS;
      // The same log again within the gap is a double click: the read under way answers it.
      if (fresh || !deps.logReads.take(`${account.id}/${instance.id}`)) return null;
      await logs.read(account.id, asTeamId(teamId), asInstanceId(instanceId));
      return null;
    },
    async copyInstanceLog({ accountId, teamId, instanceId }) {
      const { instance } = listed(accountId, teamId, instanceId);
      await shell.copyText(logText(instance));
      return null;
    },
  };
}
