// ESLint flat config: TypeScript rules with type information, React hooks rules.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverNotClient = {
  group: ['**/src/ui/**', '**/src/api/**', '**/src/machines/**', '**/src/streams/**'],
  message: 'The server shares src/shared (and pure helpers), never the client layers.',
};
const onlyUnitsOfWorkPublish = {
  group: ['**/platform/unitOfWork'],
  importNames: ['publish', 'publishOne'],
  message:
    'Record changes in a unit of work (`commit`, `work.changed`): it publishes after the commit. Only the realtime layer and the start publish directly.',
};
const domainRules = [
  {
    group: ['**/http/**', '**/jobs/**', '**/realtime/**', '**/ops/**', '**/seed/**', '**/deps'],
    message:
      'The domain imports neither the edge layers nor server/deps.ts: take `Platform` (server/platform/platform.ts) or a feature slice.',
  },
  onlyUnitsOfWorkPublish,
];

// The app never reaches into the testers (issue 29): a machine's path model lives beside it in
// src as plain TypeScript; the Playwright drivers and page checks that walk it on a site live
// under testers/ and import the model, never the other way round. Every src/ block that sets
// no-restricted-imports repeats these (a later block's options replace an earlier one's).
const testersStayOut = {
  group: ['@playwright/test', '@playwright/*', 'playwright', 'playwright-core', '**/testers/**'],
  message:
    'src never imports Playwright or the testers: drivers and page checks live in testers/ (docs/testers.md).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      '.e2e/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // The testers' drivers out of the app (issue 29): see testersStayOut above.
    files: ['src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testersStayOut] }] },
  },
  {
    // The layers' direction (ARCHITECTURE): shared ← api ← machines/streams ← ui. Nothing below
    // the UI reaches up into it, and the shared contracts depend on nothing of the client's.
    files: ['src/api/**', 'src/machines/**', 'src/streams/**', 'src/i18n/**', 'src/pwa/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/ui/**', '**/ui'], message: 'Layers below the UI never import it.' },
            {
              group: ['**/app/**', '**/app'],
              message: 'Layers below the composition root (src/app) never import it.',
            },
            testersStayOut,
          ],
        },
      ],
    },
  },
  {
    // Inside src/ui (docs/ui.md, "Where things go"): the shared folders (components, hooks,
    // core, styles) never import a feature or the app; a feature (shell, home, games, member,
    // agent, auth, promotions, dev) imports the shared folders and other features only through
    // their index.ts; app/ composes them. A lazy chunk's `import()` of a page or popup module
    // is a split point and counts as an entry (only static imports are checked).
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Static imports and re-exports; not import() (a lazy chunk's module is its own entry).
      'boundaries/dependency-nodes': ['import', 'export'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/ui/{components,hooks,core,styles}' },
        { type: 'app', pattern: 'src/ui/app' },
        { type: 'feature', pattern: 'src/ui/*', capture: ['feature'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: ['shared', 'feature', 'app'] } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                // Inside the feature itself.
                { dependency: { relationship: { to: 'internal' } } },
                // Another feature, through its index.ts.
                { to: { element: { type: 'feature' }, file: { path: 'src/ui/*/index.ts' } } },
              ],
            },
          ],
          message:
            'src/ui layers: shared folders import only shared ones; a feature imports another only through its index.ts (docs/ui.md)',
        },
      ],
    },
  },
  {
    // One way in (issues 13, 29): the composition root (src/app) builds the tab's client, its
    // stores (`useServices`) and the feature modules (`useFeature`, src/app/features); nothing in
    // src/ui builds or holds an API client. A view or hook may import the API's types, never its
    // code, and a component never calls a feature module from an effect (load with useQuery /
    // useLiveQuery or a store; an action in an event handler, such as a form's submit, is fine).
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/api'],
              allowTypeImports: true,
              message:
                'src/ui reaches the server through a feature module (useFeature, src/app/features) or a store (useServices), never src/api.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^use(Layout)?Effect$/] CallExpression[callee.object.property.name=/((^a|A)pi|Module)$/]',
          message:
            'No server calls in an effect: load what the view shows with useQuery (src/ui/hooks) or a store.',
        },
        {
          selector:
            'CallExpression[callee.name=/^use(Layout)?Effect$/] CallExpression[callee.object.name=/((^a|A)pi|Module)$/]',
          message:
            'No server calls in an effect: load what the view shows with useQuery (src/ui/hooks) or a store.',
        },
      ],
    },
  },
  {
    // The composition root sits above the views' shared core only for the first-screen signal;
    // it never imports a view or a feature folder of src/ui.
    files: ['src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/ui/(?!core/firstScreen$)',
              message:
                'src/app builds what the views use; it imports no view (only ui/core/firstScreen).',
            },
            testersStayOut,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ui/**', '**/api/**', '**/machines/**', '**/streams/**', 'react', 'rxjs'],
              message: 'src/shared holds plain contracts and helpers shared with the server.',
            },
            testersStayOut,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNotClient] }] },
  },
  {
    // The edge calls commands; the commands' units of work publish (issue 29).
    files: ['server/http/**', 'server/jobs/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNotClient, onlyUnitsOfWorkPublish] }],
    },
  },
  {
    // The server's layers read top-down (issue 29; docs/architecture.md): the domain imports
    // neither the edge (http, jobs, realtime, ops, seed) nor the wired dependencies, and records
    // its changes in a unit of work instead of publishing them. `npm run layers` (in the lint
    // step) checks the whole picture: no cycles, nothing running back up.
    files: ['server/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNotClient, ...domainRules] }] },
  },
  {
    // The ledger is a leaf: posting, accounts, amounts. No feature folder (`../<feature>/…`).
    files: ['server/domain/ledger/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNotClient,
            ...domainRules,
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message:
                'The ledger imports no feature: features react to money through accrual tables.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line programs print to the terminal by design.
    files: ['server/main.ts', 'server/ops/**', 'bench/**', 'scripts/**', 'testers/**/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
