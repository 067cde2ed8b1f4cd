// One lint config for the whole repository (flat config).
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'frontend/vite.config.ts'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test files are outside the projects' build tsconfigs: lint them with one test program.
    files: ['libs/**/*.spec.ts', 'libs/**/*.int-spec.ts', 'libs/**/test-fixtures/**/*.ts', 'services/**/*.spec.ts', 'services/**/*.int-spec.ts', 'services/*/test/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['frontend/**/*.tsx', 'frontend/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
];
