// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The import arrows of ARCHITECTURE.md:
 *   contract <- machines <- src ; contract, machines <- server ; nothing imports tests/ or bench/.
 * Each zone says: files in `target` may not import from `from`.
 */
const importArrows = [
  { target: './contract', from: ['./machines', './src', './server', './tests', './bench'], message: 'contract/ imports only zod.' },
  { target: './machines', from: ['./src', './server', './tests', './bench'], message: 'machines/ imports only xstate and contract/.' },
  { target: './src', from: ['./server', './tests', './bench'], message: 'src/ never imports server/.' },
  { target: './server', from: ['./src', './tests', './bench'], message: 'server/ never imports src/.' },
];

/**
 * The server's areas (ARCHITECTURE.md, "The server"): one folder per area of work. An area may
 * import platform/, machines/, contract/ and another area's service — a file in that area's root
 * whose name ends in `service.ts` — never its repository, routes or helpers. platform/ imports no
 * area. The composition (main.ts, start.ts, dev.ts, cli/, demo/) may import anything.
 */
const serverDir = new URL('./server/', import.meta.url);
const serverAreas = readdirSync(serverDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['platform', 'cli', 'demo'].includes(entry.name))
  .map((entry) => entry.name);
const serviceFilesOf = (area) =>
  readdirSync(new URL(`${area}/`, serverDir)).filter((name) => name.endsWith('service.ts')).map((name) => `./${name}`);
const serverAreaArrows = [
  { target: './server/platform', from: serverAreas.map((area) => `./server/${area}`), message: 'platform/ imports no area: areas stand on it, not the other way.' },
  ...serverAreas.flatMap((area) =>
    serverAreas
      .filter((other) => other !== area)
      .map((other) => ({
        target: `./server/${area}`,
        from: `./server/${other}`,
        except: serviceFilesOf(other),
        message: `An area imports another only through its service (server/${other}/*service.ts).`,
      })),
  ),
];

/**
 * Issue 20: areas meet only through services that do something. The arrows above let another area
 * import a file named `*service.ts`; this rule checks what such a file offers: only what it defines
 * itself. It refuses `export * from`, a value re-exported from another module (`export { x } from
 * './x-repository'`), and an imported value handed on (`export { x }`, `export const y = x`,
 * `export default x`, also through a local alias). Types may pass: they carry no operation.
 */
const serviceDefinesItsExports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      handedOn:
        "A service offers operations it defines: '{{name}}' is handed on from '{{from}}'. Write the operation here (what it does for the caller), or import '{{from}}' where it is used inside this area.",
    },
  },
  create(context) {
    /** Top-level names bound to an imported value (or an alias of one), with where they come from. */
    const imported = new Map();
    const unwrap = (node) => {
      let expression = node;
      while (expression && ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion'].includes(expression.type)) expression = expression.expression;
      return expression;
    };
    /** Where `node` comes from when it is an imported value itself (`x`, `namespace.x`), else undefined. */
    const originOf = (node) => {
      const expression = unwrap(node);
      if (expression?.type === 'Identifier') return imported.get(expression.name);
      if (expression?.type === 'MemberExpression' && expression.object.type === 'Identifier') return imported.get(expression.object.name);
      return undefined;
    };
    const report = (node, name, from) => context.report({ node, messageId: 'handedOn', data: { name, from } });
    return {
      Program(program) {
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
          for (const specifier of statement.specifiers) if (specifier.importKind !== 'type') imported.set(specifier.local.name, statement.source.value);
        }
        // `const y = x; export { y }` hands x on as surely as `export { x }`.
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations) {
            const from = originOf(declarator.init);
            if (from && declarator.id.type === 'Identifier') imported.set(declarator.id.name, from);
          }
        }
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') report(node, '*', node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.exportKind === 'type') return;
        if (node.source) {
          for (const specifier of node.specifiers) if (specifier.exportKind !== 'type') report(specifier, specifier.local.name ?? specifier.local.value, node.source.value);
          return;
        }
        if (node.declaration?.type === 'VariableDeclaration') {
          for (const declarator of node.declaration.declarations) {
            const from = originOf(declarator.init);
            if (from) report(declarator, declarator.id.name ?? '(pattern)', from);
          }
          return;
        }
        for (const specifier of node.specifiers) {
          const from = specifier.exportKind === 'type' ? undefined : imported.get(specifier.local.name);
          if (from) report(specifier, specifier.local.name, from);
        }
      },
      ExportDefaultDeclaration(node) {
        const from = originOf(node.declaration);
        if (from) report(node, 'default', from);
      },
    };
  },
};

/** The SPA's features: every folder of src/features, so a new one is isolated from its first file. */
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Browser-free, effect-free packages only: machines are pure logic. */
const packagesMachinesMayNotUse = ['react', 'react-dom', 'react-*', '@xstate/react', 'ofetch', 'crypto-js', 'jwt-decode', 'dayjs', 'dayjs/*', 'node:*', 'fs', 'path', 'kysely', 'hono', 'hono/*', 'zod'];

export default tseslint.config(
  { ignores: ['node_modules/**', '.cache/**', 'dist/**', 'data/**', 'test-artifacts/**', 'tests/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not parsed for their exports: the arrows are about our own modules.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...importArrows, ...serverAreaArrows] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // What another area may import from an area (its services) is what those services define.
    files: serverAreas.map((area) => `server/${area}/*service.ts`),
    plugins: { berjangka: { rules: { 'service-defines-its-exports': serviceDefinesItsExports } } },
    rules: { 'berjangka/service-defines-its-exports': 'error' },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: packagesMachinesMayNotUse, message: 'machines/ imports only xstate and contract/: effects are provided by whoever runs the machine.' }] }],
    },
  },
  {
    // Every xlsx the server writes or reads goes through server/platform/xlsx: written cells are
    // neutralised against formula injection there, and uploads are bounded against zip bombs.
    files: ['server/**/*.ts'],
    ignores: ['server/platform/xlsx/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'exceljs', message: 'Write and read xlsx through server/platform/xlsx (formula neutralising, upload bounds).' }] }],
    },
  },
  {
    // Test harnesses drive xstate/graph and fakes whose generic types add nothing to a test's meaning.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A feature may import components/, lib/ and the actors; never another feature.
    files: ['src/features/*/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', {
        zones: [
          ...importArrows,
          ...features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'A feature never imports another feature; share through components/, lib/ or a machine.',
          })),
        ],
      }],
    },
  },
);
