/** Says once, plainly, what the live suite will not test, so nobody reads the run as a pass. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_DIR } from '../e2e/support/serve-renderer';
import { INSTANCE_SKIP_REASON, SKIP_REASON, liveEnv, missingLiveVariables } from './env';

export default function globalSetup(): void {
  const env = liveEnv();
  if (env === null) {
    console.log(
      `\ntests/live: SKIPPED, nothing was tested. Missing ${missingLiveVariables().join(', ')}: ${SKIP_REASON}.\n`,
    );
    return;
  }
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`tests/live: ${RENDERER_DIR} is missing. Run "npm run build" first.`);
  }
  console.log(`\ntests/live: running against ${env.origin}, team ${env.team}`);
  console.log(
    env.instance === null
      ? `tests/live: ${INSTANCE_SKIP_REASON}.\n`
      : `tests/live: instance ${env.instance} is stopped, then started again.\n`,
  );
}
