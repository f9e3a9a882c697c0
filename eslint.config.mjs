// `npm run lint`: @eslint/js recommended + typescript-eslint strictTypeChecked (type-aware), Prettier's
// config last so no stylistic rule fights the formatter. House-pattern exceptions are tuned below, each
// with its reason; everything else is the preset as published.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

// The plain .mjs scripts run on Node outside tsconfig (allowJs is off); the `globals` package is not
// installed, so the few Node globals they use are named here.
const nodeGlobals = Object.fromEntries(
  'process console URL URLSearchParams Buffer setTimeout clearTimeout setInterval clearInterval setImmediate fetch AbortController AbortSignal performance structuredClone TextEncoder TextDecoder queueMicrotask globalThis Response Request Headers'
    .split(' ')
    .map((name) => [name, 'readonly']),
)

// Options given to a rule replace the preset's rather than merge, so the strict ones are restated.
const strictTemplates = {
  allowNumber: true,
  allowAny: false,
  allowBoolean: false,
  allowNullish: false,
  allowRegExp: false,
  allowNever: false,
  allowArray: false,
}

export default defineConfig(
  {
    ignores: [
      'lib/db/generated/',
      '.next/',
      'node_modules/',
      'data/',
      'dist/',
      'bench/tmp/',
      'test-results/',
      'playwright-report/',
      'prisma/postgresql/',
      'next-env.d.ts',
      'lib/openapi/generated/',
      'lib/console/generated/endpoint-refs.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // One import statement per module (a type-only import beside a value import is allowed: it is erased).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // Ids, counts and sizes go into paths and messages everywhere (`/projects/${id}`); numbers print predictably.
      '@typescript-eslint/restrict-template-expressions': ['error', strictTemplates],
      // Lookups the code has just proven (Map.get after has, regex groups, arrays under noUncheckedIndexedAccess) use `!` on purpose.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // `onClick={() => setOpen(false)}` is the React idiom; a void arrow shorthand is not confusing.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // React event props accept async handlers (react-hook-form's handleSubmit returns a promise); the rest of checksVoidReturn stays on.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { secret: _secret, ...rest } = row` is how a key is left out of an object; `_` marks it deliberate.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `async` states a contract here (endpoint handlers, database adapters and tasks return promises) even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Response building runs per row of every page: V8 (Node 20) adds the keys that follow a spread
    // (leading or conditional) one slow store at a time and leaves the object slow to serialize —
    // `{ ...userBasic(u), created_at }` measured 3 µs, `{ ...row, x }` of a 40-column row 15 µs (a
    // key the spread already has is a fast store). Build the literal (an optional key as `undefined`,
    // which JSON leaves out), or extend a fresh object: Object.assign(fresh(), { … }); a shared one:
    // Object.assign({}, row, { … }).
    files: ['lib/**/entity.ts', 'lib/**/present.ts', 'lib/**/detail.ts', 'lib/**/find.ts', 'lib/**/abilities.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ Property',
          message:
            "Keys after a spread take V8's slow path per object (and leave it slow to serialize): write the literal, or Object.assign(fresh(), { … }).",
        },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies (`await res.json()`, declared `any`) and check them with expect(); the assertion is the type check there.
    files: ['test/**', 'e2e/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A stray `undefined` in an expected URL fails the assertion anyway; booleans label expectation strings.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { ...strictTemplates, allowAny: true, allowNullish: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests pass GitLab's numeric access levels to gitbeaker's AccessLevel enum, as a client over the wire does.
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
    },
  },
  {
    // The two classic rules of hooks over the console's components and pages (98 query-hook sites):
    // a hook called conditionally breaks React's state order; a stale dependency list shows old data.
    files: ['app/**/*.tsx', 'components/**/*.tsx', 'components/**/*.ts', 'lib/console/**/*.ts', 'lib/console/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // typescript-eslint's preset parses every file as an ES module; a .cjs file (dependency-cruiser's config) is CommonJS and exports through `module`.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  prettier,
)
