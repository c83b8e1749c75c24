/**
 * The house's walls (.dependency-cruiser.cjs, run by `npm run lint:deps`), proved on a small tree
 * of real files that breaks each one once, and on the app's own tree: which modules import
 * Electron there, resolved as the lint run resolves them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** A rule as the config file writes it: a name, and a `to` with a path pattern. */
type Rule = IForbiddenRuleType & { readonly to?: { readonly path?: string } };
interface Config {
  readonly forbidden: Rule[];
}
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as Config;

async function run(files: string[], baseDir: string): Promise<ICruiseResult> {
  const result = await cruise(
    files,
    {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      baseDir,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    { extensions: ['.ts', '.js', '.cjs', '.mjs', '.d.ts'] },
  );
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output;
}

/** Each file of the tree, with what it imports. */
const TREE: Record<string, string> = {
  'common/shared.ts': 'export const shared = 1;\n',
  'common/settings.ts': 'export const limit = 1;\nexport type Settings = { a: number };\n',
  'renderer/limits.ts':
    "import { limit } from '../common/settings';\nimport type { Settings } from '../common/settings';\n" +
    'export const s: Settings = { a: limit };\n',
  'common/reaches-main.ts':
    "import { plain } from '../main/feature/plain';\nexport const x = plain;\n",
  'main/feature/plain.ts': 'export const plain = 1;\n',
  'main/feature/electron/adapter.ts': "import { app } from 'electron';\nexport const a = app;\n",
  'main/feature/needs-electron.ts': "import { app } from 'electron';\nexport const b = app;\n",
  'main/feature/needs-a-store.ts': "import Store from 'electron-store';\nexport const s = Store;\n",
  'main/feature/uses-log.ts': "import log from 'electron-log/node';\nexport const l = log;\n",
  'main/index.ts':
    "import { app } from 'electron';\nimport { a } from './feature/electron/adapter';\n" +
    "import { c } from './electron/catch-all';\nexport const i = [app, a, c];\n",
  'main/electron/catch-all.ts': "import { app } from 'electron';\nexport const c = app;\n",
  'preload/index.ts':
    "import { contextBridge } from 'electron';\nimport { shared } from '../common/shared';\n" +
    'export const p = [contextBridge, shared];\n',
  'preload/transport.ts':
    "import type { IpcRenderer } from 'electron';\nexport type T = IpcRenderer;\n",
  'preload/bridge.ts':
    "import { ipcRenderer } from 'electron';\nimport { plain } from '../main/feature/plain';\n" +
    "import { parse } from 'yaml';\nexport const q = [ipcRenderer, plain, parse];\n",
  'main/feature/cycle-a.ts': "import type { B } from './cycle-b';\nexport type A = { b?: B };\n",
  'main/feature/cycle-b.ts': "import type { A } from './cycle-a';\nexport type B = { a?: A };\n",
  'main/feature/helper.ts': "import { vi } from 'vitest';\nexport const h = vi;\n",
  'main/feature/helper.test-support.ts': "import { vi } from 'vitest';\nexport const t = vi;\n",
  'main/feature/plain.test.ts': "import { it } from 'vitest';\nit('x', () => undefined);\n",
  'renderer/page.ts':
    "import { plain } from '../main/feature/plain';\nimport { p } from '../preload/index';\n" +
    "import { shared } from '../common/shared';\nexport const r = [plain, p, shared];\n",
};

let dir: string;
let found: Set<string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'teamtray-deps-'));
  for (const [path, text] of Object.entries(TREE)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const result = await run(['common', 'main', 'preload', 'renderer'], dir);
  found = new Set(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the walls, on a tree that breaks each once', () => {
  it('finds exactly the imports that break a wall', () => {
    expect([...found].sort()).toEqual(
      [
        'common-imports-neither-process: common/reaches-main.ts -> main/feature/plain.ts',
        'no-catch-all-electron-folder: main/index.ts -> main/electron/catch-all.ts',
        // A cycle of type imports only is reported once, where it is first met.
        'no-circular: main/feature/cycle-a.ts -> main/feature/cycle-b.ts',
        'no-vitest-in-the-product: main/feature/helper.ts -> vitest',
        'only-electron-folders-import-electron: main/feature/needs-electron.ts -> electron',
        'only-electron-folders-import-electron: main/feature/needs-a-store.ts -> electron-store',
        'only-electron-folders-import-electron: preload/bridge.ts -> electron',
        'preload-imports-only-common: preload/bridge.ts -> main/feature/plain.ts',
        'preload-imports-only-common: preload/bridge.ts -> yaml',
        'renderer-loads-no-schemas: renderer/limits.ts -> common/settings.ts',
        'renderer-stays-in-the-page: renderer/page.ts -> main/feature/plain.ts',
        'renderer-stays-in-the-page: renderer/page.ts -> preload/index.ts',
      ].sort(),
    );
  });
});

describe("the app's own tree", () => {
  it('imports Electron only from electron/ folders, main/index.ts and preload (index, transport)', async () => {
    const result = await run(['main', 'preload'], ROOT);
    const electronRule = config.forbidden.find(
      (rule) => rule.name === 'only-electron-folders-import-electron',
    );
    const pattern = electronRule?.to?.path;
    if (pattern === undefined) throw new Error('the Electron rule names no path');
    const electron = new RegExp(pattern);
    // tests/ is followed from the main tests' imports; the walls are the app's (tests may fake Electron).
    const importers = result.modules
      .filter((module) => module.dependencies.some((dep) => electron.test(dep.resolved)))
      .map((module) => module.source)
      .filter((source) => /^(main|common|preload|renderer)\//.test(source));
    // Resolved as the lint run resolves them (node_modules/electron/...), so the rule sees them.
    expect(importers).toContain('main/tray/electron/tray.ts');
    expect(importers).toContain('main/store/electron/stores.ts');
    for (const source of importers) {
      expect(source).toMatch(
        /^main\/[a-z-]+\/electron\/|^main\/index(\.test)?\.ts$|^preload\/(index|transport)\.ts$/,
      );
    }
    expect(result.summary.violations).toEqual([]);
  });
});
