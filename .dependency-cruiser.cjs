/**
 * The house's walls, checked in `npm run lint` (dependency-cruiser) and proved by
 * tests/packaging/dependency-rules.test.ts: the popover never imports main's code or preload's,
 * shared code imports no process, preload imports only shared code, and only a feature's
 * `electron/` folder (`main/<feature>/electron/`, with the app's entry, main/index.ts, and
 * preload's two files that talk to Electron) imports Electron, so the rest runs and is tested in
 * Node; no module imports itself through others (type imports included); no product file imports
 * vitest (test helpers live under tests/, or in *.test.ts and *.test-support.ts files).
 */
/**
 * Electron and the packages that load it (electron-log/node does not: main/log-file.ts uses it),
 * unresolved or resolved; `(^|/)` because a linked node_modules resolves as ../x/node_modules/.
 */
const ELECTRON =
  '^electron(-(store|updater|menubar))?$|(^|/)node_modules/electron(-(store|updater|menubar))?/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'renderer-stays-in-the-page',
      comment: 'The popover reaches main only through the bridge (window.teamtray).',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(main|preload)/' },
    },
    {
      name: 'renderer-loads-no-schemas',
      comment:
        "The popover's first script stays small: the schemas (valibot) stay in main and preload. The renderer takes only types from common/settings.ts and common/contract.ts, and its values from the files beside them (settings-defaults.ts, pins.ts).",
      severity: 'error',
      from: { path: '^renderer/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^common/(settings|contract)\\.ts$|(^|/)node_modules/valibot/|^valibot$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'common-imports-neither-process',
      comment: 'common/ is shared by main, preload and the renderer: it imports none of them.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(main|preload|renderer)/' },
    },
    {
      name: 'common-imports-no-node-or-electron',
      comment: 'common/ runs in the sandboxed page too: no Node built-ins, no Electron.',
      severity: 'error',
      from: { path: '^common/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-electron-folders-import-electron',
      comment:
        "Electron, and the packages that need it at run time, are imported only by an electron/ folder, the app entry (main/index.ts) and preload's bridge to ipcRenderer: everything else is plain TypeScript tested in Node.",
      severity: 'error',
      from: {
        path: '^(main|common|preload|renderer)/',
        pathNot: '(^|/)electron/|^main/index(\\.test)?\\.ts$|^preload/(index|transport)\\.ts$',
      },
      to: { path: ELECTRON },
    },
    {
      name: 'no-catch-all-electron-folder',
      comment:
        "An Electron adapter lives in its feature's folder (main/tray/electron/...), not in one main/electron/ for all.",
      severity: 'error',
      from: {},
      to: { path: '^main/electron/' },
    },
    {
      name: 'main-does-not-import-the-page',
      severity: 'error',
      from: { path: '^(main|preload)/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'preload-imports-only-common',
      comment:
        'Preload runs sandboxed beside the page: it imports common/ and Electron, nothing of main, no other package, no Node built-in.',
      severity: 'error',
      from: { path: '^preload/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^(preload|common)/|^electron$|(^|/)node_modules/electron/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module needs itself, type imports included: a cycle of types is still two modules that cannot be read, moved or tested apart.',
      severity: 'error',
      from: { path: '^(main|common|preload|renderer)/' },
      to: { circular: true },
    },
    {
      name: 'no-vitest-in-the-product',
      comment:
        'Test code imports vitest; the product never does. Test helpers live under tests/ or in a *.test.ts or *.test-support.ts file.',
      severity: 'error',
      from: {
        path: '^(main|common|preload|renderer)/',
        pathNot: '\\.test(-support)?\\.ts$',
      },
      to: { path: '^vitest$|(^|/)node_modules/(vitest|@vitest)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(out|tests/artifacts)/' },
  },
};
