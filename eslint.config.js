// `npm run lint`: typescript-eslint with type information, React hooks and accessibility rules for the web
// app, and the import boundaries of eslint/boundaries.js. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import shop from './eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-ssr/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'eslint/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { shop },
    rules: {
      'shop/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Redux's listener API and the database clients hand out bound functions typed as methods.
      '@typescript-eslint/unbound-method': 'off',
      // Fastify plugins and route handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read answers with `res.json()` (typed any by light-my-request and Playwright): that is their parsing
    // boundary, and the assertions that follow check the shape.
    files: ['**/*.test.{ts,tsx}', 'apps/api/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // `res.json() as Shape` states what the test expects where it reads the answer.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks; the plugin's React Compiler rules are for code the compiler builds, which this app is not.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/api/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/api/src/db/transaction.ts', 'apps/api/src/seed/seed.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // drizzle's pooled transaction can keep a connection lost as it begins (db/transaction.ts says how).
          selector: "CallExpression[callee.property.name='transaction'][callee.object.name!='tx']",
          message: "Start transactions with transaction(db, work) from 'db/transaction.ts'.",
        },
      ],
    },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.tsx'],
    // A scrolling table is a labelled region that takes focus, so keyboard users can scroll it (axe asks for it).
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'], tags: [] }] },
  },
  {
    // Plain JavaScript: no types to check rules against beyond what JSDoc gives.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
