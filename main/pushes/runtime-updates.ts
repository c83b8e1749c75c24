/**
 * Which team runtimes to push: only those whose content changed since the renderer last got
 * them (getState or a push). A refresh reads every team again; most come back the same, and
 * pushing each anyway sent megabytes of what the renderer already had. When a team was read is
 * not content: the renderer shows an age only for a read that failed.
 */
import type { AccountView } from '../../common/model';
import type { TeamRuntime } from '../../common/runtime';
import { quietRuntime } from '../../common/runtime-read';

export interface RuntimeUpdates {
  /** The runtime to push, or null when the renderer has it already. */
  update(accountId: string, runtime: TeamRuntime): TeamRuntime | null;
  /** getState answered with these accounts: the renderer has every team's runtime. */
  sentAll(accounts: readonly AccountView[]): void;
}

function signature(runtime: TeamRuntime): string {
  const { fetchedAt, ...content } = runtime;
  return JSON.stringify(content);
}

export function createRuntimeUpdates(): RuntimeUpdates {
  const sent = new Map<string, string>();
  return {
    update(accountId, runtime) {
      const key = `${accountId}/${runtime.teamId}`;
      const next = signature(runtime);
      if (sent.get(key) === next) return null;
      sent.set(key, next);
      return runtime;
    },
    sentAll(accounts) {
      sent.clear();
      for (const account of accounts) {
        // One pass per account (runtimeOfTeam per team would search the blocks each time).
        const blocks = new Map(account.runtime.teams.map((runtime) => [runtime.teamId, runtime]));
        const { quietSince } = account.runtime;
        for (const teamId of account.teams.id) {
          const runtime = blocks.get(teamId) ?? quietRuntime(teamId, quietSince);
          sent.set(`${account.id}/${teamId}`, signature(runtime));
        }
      }
    },
  };
}
