// ESLint flat config: TypeScript rules with type information, React hooks rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.e2e/', 'test-results/', 'playwright-report/', 'data/'] },
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
    // The layers' direction (ARCHITECTURE): shared ← api ← machines/streams ← ui. Nothing below
    // the UI reaches up into it, and the shared contracts depend on nothing of the client's.
    files: ['src/api/**', 'src/machines/**', 'src/streams/**', 'src/games/**', 'src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/ui/**', '**/ui'], message: 'Layers below the UI never import it.' },
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
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/ui/**', '**/src/api/**', '**/src/machines/**', '**/src/streams/**'],
              message: 'The server shares src/shared (and pure helpers), never the client layers.',
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line programs print to the terminal by design.
    files: ['server/main.ts', 'server/ops/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
