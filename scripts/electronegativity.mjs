// Runs Electronegativity (Doyensec's Electron security linter) over what we wrote and what ships:
// main/, preload/ and common/ as TypeScript sources, and the built out/ directory. Fails on any
// finding that scripts/electronegativity-allow.json does not list with a reason.
//
// - No network. Electronegativity fetches translations from S3 on every run and, for one global
//   check, Electron's release list from GitHub. We answer its HTTP client ('got') with a local
//   refusal, so it uses its bundled English strings, and we turn that check off, with the version
//   probe that only feeds it (how current Electron is, is for the dependency bot to say).
// - Tests are not scanned: they do not ship, and they hold deliberate fakes.
// - Electronegativity's parsers are old. A TypeScript source it cannot parse is reported and
//   skipped: the built JavaScript in out/, which is what ships, is scanned in any case. For that,
//   the staged copy of out/ is lowered to ES2021 with TypeScript's transpiler (its scope analyser
//   stops at class private fields, `#x`; lowering changes only class syntax, not the calls and
//   options the checks look for), and .cjs/.mjs files get a .js name, the only one it reads.
//   A file in out/ it still cannot parse fails the run.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const SOURCE_DIRS = ['main', 'preload', 'common'];
const BUILT_DIR = 'out';
// The global check needs the network; the atomic one only reports the version for it to judge.
const OFFLINE_EXCLUDED = ['AvailableSecurityFixesGlobalCheck', 'ElectronVersionJSONCheck'];

function fail(message) {
  console.error(`electronegativity: ${message}`);
  process.exit(1);
}

if (!existsSync(join(root, BUILT_DIR, 'main', 'index.js'))) {
  fail('out/ is missing: run `npm run build` first (npm test does).');
}

const allowFile = join(root, 'scripts', 'electronegativity-allow.json');
const allow = JSON.parse(readFileSync(allowFile, 'utf8')).allow;
for (const entry of allow) {
  if (typeof entry.why !== 'string' || entry.why.trim().length < 20) {
    fail(`allowlist entry ${entry.id} for ${entry.file} needs a "why" that explains it.`);
  }
}

const toPosix = (path) => path.split(sep).join('/');

// Stage the scanned tree: sources without tests, the build, and package.json (the Electron version).
const stage = mkdtempSync(join(tmpdir(), 'teamtray-electronegativity-'));
const notTest = (path) => !/\.test\.ts$/.test(path) && !path.split(sep).includes('__tests__');
for (const dir of SOURCE_DIRS)
  cpSync(join(root, dir), join(stage, dir), { recursive: true, filter: notTest });
const ts = require('typescript');
/** Staged name (posix, relative) -> the file's name in out/. */
const renamed = new Map();
function stageBuilt(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      stageBuilt(path);
      continue;
    }
    const source = readFileSync(join(root, path));
    mkdirSync(join(stage, dir), { recursive: true });
    if (!/\.(c|m)?js$/.test(entry.name)) {
      writeFileSync(join(stage, path), source);
      continue;
    }
    const lowered = ts.transpileModule(source.toString('utf8'), {
      fileName: entry.name.replace(/\.(c|m)?js$/, '.js'),
      compilerOptions: {
        target: ts.ScriptTarget.ES2021,
        module: ts.ModuleKind.ESNext,
        allowJs: true,
        removeComments: false,
      },
    }).outputText;
    const stagedPath = entry.name.endsWith('.js') ? path : `${path}.js`;
    renamed.set(toPosix(stagedPath), toPosix(path));
    writeFileSync(join(stage, stagedPath), lowered);
  }
}
stageBuilt(BUILT_DIR);
cpSync(join(root, 'package.json'), join(stage, 'package.json'));

// Offline: every request electronegativity's 'got' makes is refused locally.
const Module = require('node:module');
const originalLoad = Module._load;
Module._load = function load(request, ...rest) {
  if (request === 'got') {
    const refuse = () => Promise.reject(new Error('teamtray: electronegativity runs offline'));
    return Object.assign(refuse, { default: refuse, get: refuse, stream: refuse });
  }
  return originalLoad.call(this, request, ...rest);
};

const electronVersion = JSON.parse(
  readFileSync(require.resolve('electron/package.json'), 'utf8'),
).version;
const runModule = require('@doyensec/electronegativity');
const run = typeof runModule === 'function' ? runModule : runModule.default;

// It prints progress and the translation fallback with console.log; keep our output readable.
const quietLog = console.log;
console.log = () => undefined;
let result;
try {
  result = await run(
    {
      input: stage,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: OFFLINE_EXCLUDED.map((name) => name.toLowerCase()),
      customScan: [],
      parserPlugins: [],
    },
    false,
  );
} finally {
  console.log = quietLog;
  Module._load = originalLoad;
  rmSync(stage, { recursive: true, force: true });
}

const rel = (file) => {
  const path = toPosix(file.startsWith(stage) ? relative(stage, file) : file);
  return renamed.get(path) ?? path;
};

let failed = false;
for (const error of result.errors) {
  const file = rel(error.file);
  if (file.startsWith(`${BUILT_DIR}/`) && !error.tolerable) {
    console.error(`electronegativity: could not parse ${file}: ${error.message}`);
    failed = true;
  } else {
    console.log(
      `electronegativity: could not parse ${file} (${error.message}); the built JavaScript in out/ is scanned instead.`,
    );
  }
}

const used = new Map();
const unexpected = [];
for (const issue of result.issues) {
  const file = rel(issue.file);
  const entry = allow.find((e) => e.id === issue.id && e.file === file);
  const key = entry === undefined ? undefined : `${entry.id} ${entry.file}`;
  const count = key === undefined ? 0 : (used.get(key) ?? 0) + 1;
  if (entry !== undefined && count <= (entry.count ?? 1)) {
    used.set(key, count);
    continue;
  }
  unexpected.push({ ...issue, file });
}

console.log(
  `electronegativity ${electronVersion ? `(Electron ${electronVersion})` : ''}: ${result.globalChecks} global and ${result.atomicChecks} atomic checks over ${SOURCE_DIRS.map((d) => `${d}/`).join(', ')} (sources, tests excluded) and ${BUILT_DIR}/ (built); offline, without ${OFFLINE_EXCLUDED.join(', ')}.`,
);
console.log(`  built files scanned as ES2021: ${[...renamed.values()].join(', ')}`);
for (const entry of allow) {
  const n = used.get(`${entry.id} ${entry.file}`) ?? 0;
  if (n === 0)
    console.log(`  allowlisted but not found any more (remove it?): ${entry.id} in ${entry.file}`);
  else
    console.log(
      `  allowed: ${entry.id} in ${entry.file} (${n}): see the reason in scripts/electronegativity-allow.json`,
    );
}
for (const issue of unexpected) {
  console.error(
    `  FINDING ${issue.id} in ${issue.file}:${issue.location.line}:${issue.location.column} [${issue.severity.name ?? issue.severity}/${issue.confidence.name ?? issue.confidence}] ${issue.description} ${issue.shortenedURL ?? ''}`,
  );
}
if (unexpected.length > 0) {
  console.error(
    `electronegativity: ${unexpected.length} finding(s) not in scripts/electronegativity-allow.json. Fix them, or add an entry with a "why".`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log('electronegativity: no finding outside the allowlist.');
