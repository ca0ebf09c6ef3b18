// ESLint (flat config): typescript-eslint's type-aware rules, the React hooks rules, no import cycles
// anywhere in src, and the import boundaries of the architecture (ARCHITECTURE.md): the client never
// imports the server, shared code imports neither, the server reaches the client only through the
// render seam (src/client/ssr), and the content domain never imports the tRPC transport.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverImports = {
  group: ['**/server/**', '../server', '../../server'],
  // Types only (`import type`): the client may name what the API returns, never run server code.
  allowTypeImports: true,
  message: 'The client and shared code never import the server (src/server), except `import type`.',
};
const clientImports = { group: ['**/client/**'], message: 'Shared code never imports the client (src/client).' };
// The one render seam: the server may import src/client/ssr (its index.ts) and nothing else of the
// client, not even types. `@trpc/client` is a package, not a path inside src/client, and stays allowed.
const clientFromServer = {
  group: ['**/client/**', '!**/client/ssr', '!**/client/ssr/index'],
  message: 'The server reaches the client only through the render seam, src/client/ssr (index.ts).',
};
const trpcImports = {
  group: ['@trpc/*', '**/trpc/**', '../trpc'],
  message:
    'The content domain never imports the transport: throw a domain error (src/server/content/errors.ts); the tRPC layer maps it.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  {
    // No import cycles in src. Type-only imports are erased at build time and are not counted.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // Functions of one job (issue 26): a longer one is split into named parts.
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    rules: {
      // `const { secret: _secret, ...rest } = obj` is how this code base drops fields from a copy; the
      // dropped names are unused by design. Anything else unused (imports, variables) is still an error.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // These implement async ports (DocumentStore, the identity provider) over synchronous engines
    // (better-sqlite3, an in-memory recorder), so many methods have nothing to await. They stay
    // `async` on purpose: a thrown ConflictError / AccountError must reach the caller as a rejected
    // promise, exactly as from the Firestore and Firebase implementations. A forgotten `await` in
    // them is still caught by no-floating-promises.
    files: ['src/server/store/sqlite.ts', 'src/server/store/registryIndexes.ts', 'src/server/identity/embedded.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders and guards signal redirects and HTTP errors by throwing what `redirect()`
      // (a Response) and `data()` return; that is the router's contract, not a lost stack trace.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, clientImports] }] },
  },
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [clientFromServer] }] } },
  {
    files: ['src/server/content/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientFromServer, trpcImports] }] },
  },
);
