// Runs first in `npm start`, `npm test` and `npm run test:unit`: on a Node.js older than
// package.json's engines.node, say so in one line and stop, instead of failing later with a
// syntax error deep inside vitest or electron-vite. Plain old JavaScript on purpose: it must
// parse on the old Node it turns away.
import { readFileSync } from 'node:fs';

/** The lowest version an engines range of the form ">=22.12" allows, as [major, minor, patch]. */
function minimumOf(range) {
  const match = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (match === null) throw new Error(`check-node: cannot read engines.node "${range}"`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** True when `version` ("20.19.0") is below `minimum`. */
function isTooOld(version, minimum) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const have = parts[i] || 0;
    if (have !== minimum[i]) return have < minimum[i];
  }
  return false;
}

function requiredRange() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return manifest.engines.node;
}

const range = requiredRange();
const minimum = minimumOf(range);
// The override is for tests/hardening/check-node.test.ts, which cannot run an old Node.
const version = process.env.TEAMTRAY_CHECK_NODE_VERSION || process.versions.node;
if (isTooOld(version, minimum)) {
  console.error(
    `teamtray: Node.js ${minimum[0]}.${minimum[1]} or newer is needed (package.json engines.node "${range}"); this is Node.js ${version}. Install Node.js 24 (.nvmrc), then run this again.`,
  );
  process.exit(1);
}
