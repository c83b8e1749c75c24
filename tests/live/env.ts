/** The live suite's settings, read once from the environment. */
export interface LiveEnv {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  /** The team's id, its slug, or its address in the browser (see team-ref.ts). */
  readonly team: string;
  /** An instance of that team to stop and start again, by name or id; null: that step is skipped. */
  readonly instance: string | null;
}

const LIVE_VARIABLES = ['TEAMTRAY_LIVE_URL', 'TEAMTRAY_LIVE_TOKEN', 'TEAMTRAY_LIVE_TEAM'];
const INSTANCE_VARIABLE = 'TEAMTRAY_LIVE_INSTANCE';

export function missingLiveVariables(): string[] {
  return LIVE_VARIABLES.filter((name) => (process.env[name] ?? '').trim() === '');
}

export const SKIP_REASON = `set ${LIVE_VARIABLES.join(', ')} to run against a real FlowFuse server (TEAMTRAY_LIVE_TEAM: a team you own, by its slug from the address bar, e.g. "acme" in /team/acme, or its id; it is renamed, then renamed back)`;

export const INSTANCE_SKIP_REASON = `${INSTANCE_VARIABLE} is unset: the stop-and-start step was SKIPPED (set it to the name or id of a running instance of TEAMTRAY_LIVE_TEAM to have it stopped and started again)`;

export function liveEnv(): LiveEnv | null {
  if (missingLiveVariables().length > 0) return null;
  const url = (process.env.TEAMTRAY_LIVE_URL ?? '').trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
  const instance = (process.env[INSTANCE_VARIABLE] ?? '').trim();
  return {
    url,
    origin: new URL(withScheme).origin,
    token: (process.env.TEAMTRAY_LIVE_TOKEN ?? '').trim(),
    team: (process.env.TEAMTRAY_LIVE_TEAM ?? '').trim(),
    instance: instance === '' ? null : instance,
  };
}
