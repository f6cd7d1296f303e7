// Lint runs as part of `npm test`; type errors are tsc's job, this catches the rest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'console/dist/**',
      'test/openapi-client/generated/**',
      'console/src/api/admin-api.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Node type stripping does not support enums.' },
        { selector: 'TSParameterProperty', message: 'Node type stripping does not support parameter properties.' },
      ],
    },
  },
  {
    // Only config.ts reads the environment: parsed once, then injected.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
    },
  },
  {
    // The embeddable widget: plain JavaScript run by other sites' pages.
    files: ['widget/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        localStorage: 'readonly',
        TextDecoderStream: 'readonly',
      },
    },
  },
  {
    // The console runs in browsers.
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        XMLHttpRequest: 'readonly',
        FormData: 'readonly',
        TextDecoder: 'readonly',
        DOMException: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        AbortController: 'readonly',
        File: 'readonly',
      },
    },
  },
);
