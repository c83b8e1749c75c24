/**
 * The house's walls, checked in `npm run lint` (dependency-cruiser): the popover never imports
 * main's code, shared code imports neither process, and only an `electron/` folder (with the app's
 * entry, main/index.ts, and preload, Electron's own bridge) imports Electron, so the rest runs and
 * is tested in Node.
 */
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
        'Electron is imported only by an electron/ folder, the app entry (main/index.ts) and preload: everything else is plain TypeScript tested in Node.',
      severity: 'error',
      from: {
        path: '^(main|common|renderer)/',
        pathNot: '(^|/)electron/|^main/index(\\.test)?\\.ts$',
      },
      to: { path: '^(electron|node_modules/electron/.*)$' },
    },
    {
      name: 'main-does-not-import-the-page',
      severity: 'error',
      from: { path: '^(main|preload)/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'no-circular',
      comment: 'No module needs itself at run time (a cycle of type imports only is harmless).',
      severity: 'error',
      from: { path: '^(main|common|preload|renderer)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(out|tests/artifacts)/' },
  },
};
