import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{common,main,preload,renderer,tests,scripts}/**/*.test.ts'],
    exclude: ['node_modules/**', 'out/**', 'tests/e2e/**', 'tests/electron/**', 'tests/live/**'],
    environment: 'node',
    testTimeout: 15_000,
    hookTimeout: 15_000,
    // Fail the run on an unhandled rejection anywhere.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
