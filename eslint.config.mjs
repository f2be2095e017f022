import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.backtalk/**', '**/.nx/**', 'charts/**'] },
  ...tseslint.configs.recommended,
  // Plain JavaScript: jest configs, scripts and benchmark helpers. `.js` files are CommonJS except in
  // web/ (an ES module package); `.cjs` always, `.mjs` never.
  {
    files: ['**/*.cjs', '**/*.js'],
    ignores: ['web/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs', 'web/**/*.js'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Services talk through proto/ contracts and share only libraries (kit, ai, testing): another
      // service's code is out of reach (DESIGN.md, "Shape").
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:proto', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:kit', onlyDependOnLibsWithTags: ['scope:proto'] },
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:kit', 'scope:proto'] },
            // The AI library (model, embeddings, post index): used by chat-inference and ingestion.
            { sourceTag: 'scope:ai', onlyDependOnLibsWithTags: ['scope:kit', 'scope:proto'] },
            {
              sourceTag: 'scope:service',
              onlyDependOnLibsWithTags: ['scope:kit', 'scope:proto', 'scope:testing', 'scope:ai'],
            },
            {
              sourceTag: 'scope:app',
              onlyDependOnLibsWithTags: ['scope:service', 'scope:kit', 'scope:proto'],
            },
            // System tests boot services through their public entry points.
            {
              sourceTag: 'scope:e2e',
              onlyDependOnLibsWithTags: [
                'scope:service',
                'scope:testing',
                'scope:kit',
                'scope:proto',
                'scope:ai',
              ],
            },
            // The web app takes plain constants from proto (`@backtalk/proto/browser`), never zod schemas.
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:proto'] },
          ],
        },
      ],
    },
  },
  // Service code (and everything that runs it: tests, benchmarks, the deploy checks) is type-checked
  // by the linter too: a promise nobody awaits loses its error, and one handed to a callback that
  // expects nothing (an event listener, a timer) fails silently.
  {
    files: ['services/**/*.ts', 'proto/**/*.ts', 'deploy/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Only repositories touch TypeORM or SQL (docs/architecture.md, "Repositories and transactions"):
  // use cases, services, jobs and retention plans call repository methods, and work that spans
  // repositories runs in the kit's UnitOfWork, whose Transaction they only pass on. Entities,
  // migrations, a service's database declaration, modules (TypeOrmModule.forFeature) and tests may.
  {
    files: ['services/*/src/**/*.ts'],
    ignores: [
      'services/*/src/**/*.repository.ts',
      'services/*/src/**/*.entity.ts',
      'services/*/src/migrations/**',
      'services/*/src/*.database.ts',
      'services/*/src/**/*.spec.ts',
      'services/*/src/**/*.test.ts',
      'services/system-tests/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typeorm',
              message:
                "Only repositories (*.repository.ts) touch TypeORM or SQL; pass the kit's Transaction to a repository method instead.",
            },
            { name: 'pg', message: 'Only repositories (*.repository.ts) touch SQL.' },
            {
              name: '@nestjs/typeorm',
              importNames: ['InjectRepository', 'InjectDataSource', 'InjectEntityManager'],
              message:
                'Only repositories (*.repository.ts) are given TypeORM repositories or the data source.',
            },
            {
              name: '@backtalk/kit',
              importNames: ['managerOf', 'transactionOf'],
              message:
                'Only repositories unwrap a Transaction; use cases get one from UnitOfWork.run and pass it on.',
            },
          ],
        },
      ],
    },
  },
  // The web app: the rules of hooks and exhaustive effect dependencies (and the React Compiler's
  // purity checks that the plugin's recommended set includes).
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
);
