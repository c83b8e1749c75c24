/** Says once, plainly, what the live suite will not test, so nobody reads the run as a pass. */
import { buildApp } from '../support/build-app';
import { INSTANCE_SKIP_REASON, SKIP_REASON, liveEnv, missingLiveVariables } from './env';

export default function globalSetup(): void {
  const env = liveEnv();
  if (env === null) {
    console.log(
      `\ntests/live: SKIPPED, nothing was tested. Missing ${missingLiveVariables().join(', ')}: ${SKIP_REASON}.\n`,
    );
    return;
  }
  buildApp('tests/live');
  console.log(`\ntests/live: running against ${env.origin}, team ${env.team}`);
  console.log(
    env.instance === null
      ? `tests/live: ${INSTANCE_SKIP_REASON}.\n`
      : `tests/live: instance ${env.instance} is stopped, then started again.\n`,
  );
}
