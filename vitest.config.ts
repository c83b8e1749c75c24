import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{common,main,preload,renderer,tests,scripts}/**/*.test.ts'],
    // Playwright's folders; tests/live keeps one plain unit test (team-ref) that runs here.
    exclude: [
      'node_modules/**',
      'out/**',
      'tests/e2e/**',
      'tests/electron/**',
      'tests/live/*.spec.ts',
    ],
    environment: 'node',
    // Each file in its own worker: files mock 'electron' (vi.mock) and start servers and timers of
    // their own, and must not meet another file's. Said explicitly, which also answers vitest's
    // "faster with isolate: false" hint that otherwise ends every run.
    isolate: true,
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // Fail the run on an unhandled rejection anywhere.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
