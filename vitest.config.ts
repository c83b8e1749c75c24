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
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // Fail the run on an unhandled rejection anywhere.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
