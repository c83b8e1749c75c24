import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeOnly = ['electron', 'node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'test-results/',
      'playwright-report/',
      'tests/artifacts/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `const { teams, ...meta } = view` is how an object is sent without one field.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  // Layering, as in VS Code: common code imports neither Electron nor Node; the renderer runs
  // sandboxed; only an electron/ folder of a feature (main/<feature>/electron/) and
  // main/index.ts may touch Electron.
  {
    files: ['common/**/*.ts', 'renderer/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: nodeOnly.map((name) => ({
            group: [name],
            message: 'Runs in the sandboxed renderer or common code.',
          })),
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/**/electron/**', 'main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Electron and the packages that load it (electron-log/node, the Node flavour, does not).
          paths: ['electron', 'electron-store', 'electron-updater', 'electron-menubar'].map(
            (name) => ({
              name,
              message:
                'Core modules take what they need as parameters; only an electron/ folder adapts Electron.',
            }),
          ),
        },
      ],
    },
  },
  prettier,
);
