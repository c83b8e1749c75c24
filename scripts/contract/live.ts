/**
 * After the contract cases, `npm run test:live` against the same real FlowFuse: bob's token, his
 * team Beta Lab (renamed and renamed back) and its running instance beta-running (stopped and
 * started again; restarted with beta-spare in one bulk action), and alice's token that expires in two days (its warning). The live suite is what a user does through the popover; running it here keeps
 * it working against a real server on every CI run, not only against the sample server.
 */
import { spawn } from 'node:child_process';
import { INSTANCES, TEAMS, type SeededWorld } from '../../tests/contract/world-spec';

/** The environment test:live reads, for the seeded world on `origin`. */
function liveVariables(origin: string, world: SeededWorld): Record<string, string> {
  return {
    TEAMTRAY_LIVE_URL: origin,
    TEAMTRAY_LIVE_TOKEN: world.users[TEAMS.beta.owner].token,
    TEAMTRAY_LIVE_TEAM: TEAMS.beta.slug,
    TEAMTRAY_LIVE_INSTANCE: INSTANCES.beta.name,
    // Crashed by the seed (the stub driver never crashes): recovery.spec.ts restarts it.
    TEAMTRAY_LIVE_CRASHED: INSTANCES.betaCrashed.name,
    // Restarted together, from one bulk action (tests/live/bulk.spec.ts).
    TEAMTRAY_LIVE_BULK_INSTANCES: `${INSTANCES.beta.name},${INSTANCES.betaSpare.name}`,
    // alice's token that expires two days after seeding: token health's warning.
    TEAMTRAY_LIVE_SOON_TOKEN: world.tokens.soon,
  };
}

/** Runs `npm run test:live` with those variables; resolves to its exit code. */
export function runLiveSuite(origin: string, world: SeededWorld): Promise<number> {
  const child = spawn('npm', ['run', 'test:live'], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, ...liveVariables(origin, world) },
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.once('error', () => {
      resolve(1);
    });
    child.once('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}
