// ESLint flat config for the whole repository (ESLint looks it up from every workspace, so
// `npm run lint -w backend` and the root `npm run lint` apply the same rules).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const SPAS = ['frontend-attendee', 'frontend-admin'];

/**
 * `lib/` holds plain helpers, hooks and the API client's types: it must not reach up into the UI layers
 * or into `providers/` (the app wires providers to lib/, not the reverse).
 */
function libBoundary(app, upperFolders) {
  const patterns = upperFolders.flatMap((folder) => [
    { group: [`@/${folder}`, `@/${folder}/**`], message: `lib/ must not import ${folder}/ (upper layers import lib/, not the reverse).` },
    { group: [`../${folder}`, `../${folder}/**`], message: `lib/ must not import ${folder}/ (upper layers import lib/, not the reverse).` },
  ]);
  return {
    name: `${app}/lib-boundary`,
    files: [`${app}/src/lib/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

/** An `/api` string: a literal, or a template's first piece. */
const API_LITERAL = 'Literal[value=/^\\x2Fapi(?:[\\x2F?#]|$)/]';
const API_TEMPLATE = 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Fapi(?:[\\x2F?#]|$)/]';
/**
 * The places that type an `/api` path by the contract: apiPath('/api/…'), prefixOf('/api/…'),
 * api.GET('/api/…') and the like, and a type argument (JsonBody<'/api/login', 'post'>).
 */
const TYPED_PATH = [
  'TSLiteralType > Literal',
  'CallExpression[callee.name=/^(apiPath|prefixOf)$/] > Literal.arguments:first-child',
  'CallExpression[callee.object.name="api"][callee.property.name=/^(GET|POST|PUT|DELETE)$/] > Literal.arguments:first-child',
].join(', ');

/**
 * Every `/api` URL of an app is written in its API layer (the attendee's src/lib/api/; the admin's
 * providers/ and the sign-in address in constants.ts): a literal or template starting with '/api'
 * anywhere else fails. Inside the layer, an `/api` path is written only as the path of a call typed by
 * the contract (TYPED_PATH; `paths` of contract/api-types.ts), never as a bare string or a template.
 * Tests write the URLs they stub as they like.
 */
function apiLayer(app, layerFiles) {
  const message = `An /api URL belongs in the app's API layer (${layerFiles.join(', ')}).`;
  const typed = "An /api URL is a contract path: write it as apiPath('/api/…', params) (or the typed client's api.GET/POST/PUT/DELETE).";
  const tests = ['**/*.test.{ts,tsx}', `${app}/src/test/**`];
  const layer = layerFiles.map((f) => `${app}/src/${f}`);
  return [
    {
      name: `${app}/api-layer`,
      files: [`${app}/src/**/*.{ts,tsx}`],
      ignores: [...layer, ...tests],
      rules: {
        'no-restricted-syntax': ['error', { selector: API_LITERAL, message }, { selector: API_TEMPLATE, message }],
      },
    },
    {
      name: `${app}/api-layer-typed`,
      files: layer.map((f) => (f.endsWith('**') ? `${f}/*.{ts,tsx}` : f)),
      ignores: tests,
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: `${API_LITERAL}:not(${TYPED_PATH})`, message: typed },
          { selector: API_TEMPLATE, message: typed },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    name: 'ignores',
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // another build measured by the benchmarks (BENCH_BACKEND_DIST, bench/README.md)
      'backend/dist-before/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/.tmp/**',
      'backend/demo/**',
      '**/src/generated/**',
      // Written by `npm run openapi` (drift-checked by `npm run openapi:check`).
      'backend/src/openapi/metadata.ts',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  {
    name: 'typescript',
    files: TS,
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Regular expressions run on text nobody here wrote (documents, questions, imports): one that can
  // backtrack super-linearly holds a thread for minutes on the wrong line (ReDoS). Both rules read
  // each literal's structure (eslint-plugin-regexp's analysis), so they need no input to find it.
  {
    name: 'regexp/redos',
    files: ['backend/src/**/*.ts', 'frontend-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
    },
  },

  // Backend: type-aware, so that a promise nobody awaits or a promise passed where a callback is
  // expected (an Express handler, an event listener) is an error.
  {
    name: 'backend/type-aware',
    files: ['backend/**/*.ts'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests read untyped JSON bodies (supertest's `res.body` is `any` already) and SSE payloads.
    name: 'backend/tests',
    files: ['backend/test/**/*.ts', 'backend/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Both single-page apps: hooks rules and accessibility.
  {
    name: 'spas/react',
    files: SPAS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // `role` on our own components (<Message role="user">) is a prop, not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  libBoundary('frontend-attendee', ['components', 'features', 'pages', 'providers']),
  libBoundary('frontend-admin', ['components', 'resources', 'pages', 'providers']),
  ...apiLayer('frontend-attendee', ['lib/api/**']),
  ...apiLayer('frontend-admin', ['providers/**', 'constants.ts']),

  // Node scripts, configs, benchmarks and the browser tests' runner side.
  {
    name: 'node',
    files: ['**/*.{js,cjs,mjs}', 'e2e/**/*.ts', 'playwright.config.ts', '*/vite.config.ts', 'bench/**', 'scripts/**', 'backend/scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'commonjs',
    files: ['**/*.cjs', 'backend/jest*.config.js', 'backend/test/fixtures/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },

  // Functions of at most 60 lines, blank lines and comments not counted: a longer one is split where a
  // name can say what each part does.
  {
    name: 'function-length',
    files: ['**/*.{js,cjs,mjs,ts,tsx,mts,cts}'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test's describe() callback is as long as the cases it groups.
    name: 'function-length/tests',
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.scale-spec.ts', '**/*.test.{ts,tsx,mjs}', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // The remaining exceptions, each with its reason. Remove a file from this list once its long
    // functions are split.
    name: 'function-length/exceptions',
    files: [
      // A migration is never edited after it lands: its up() is the schema it created.
      'backend/src/database/migrations/1735000000000-initial-schema.ts',
      // The insights screen's one SQL statement (aggregations stay in SQL); its text is the function's length.
      'backend/src/insights/insights.repository.ts',
    ],
    rules: { 'max-lines-per-function': 'off' },
  },

  // Last: turn off every stylistic rule Prettier owns.
  prettier,
);
