/** The suite runs the built renderer: say plainly when it has not been built. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_DIR } from './serve-renderer';

export default function globalSetup(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`tests/e2e: ${RENDERER_DIR} is missing. Run "npm run build" first.`);
  }
}
