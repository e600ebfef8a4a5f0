// `npm run lint`'s second half: no import cycle among our own modules. What eslint-plugin-import's
// no-cycle checked, at a fraction of its cost: that rule built its own export map of every module
// (a second parse of each with the TypeScript ESLint parser) and took four fifths of the lint's
// time, the longest step of `npm test`'s first phase. Here each file is read once by TypeScript's
// own parser and the graph's strongly connected components are found with Tarjan's algorithm.
//
// The same imports count as for that rule: static imports and re-exports, and import(); not
// `import type`, `export type`, nor an import whose every name is a type. Packages are not
// followed (they cannot import ours). Specifiers resolve as TypeScript resolves them here:
// relative paths with .ts, .tsx, .js, .mjs or an index file, and tsconfig.json's path aliases.
//
//   node scripts/check-cycles.mjs [root]   exits 1 and prints each cycle, file by file
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
// lint-fixtures hold a cycle on purpose (tests/unit/lint-arrows.test.ts checks it is found).
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data', '.git', 'test-artifacts', 'coverage', 'lint-fixtures']);
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Every source file below `root`, skipping build output, data and packages. */
export function sourceFiles(root) {
  const found = [];
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) walk(join(directory, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(join(directory, entry.name));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** tsconfig.json's path aliases as [prefix, directory] pairs (`@contract/*` → `<root>/contract/`). */
export function pathAliases(root) {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config ?? {};
  const paths = config.compilerOptions?.paths ?? {};
  return Object.entries(paths).flatMap(([pattern, targets]) =>
    pattern.endsWith('/*') && targets[0]?.endsWith('/*') ? [[pattern.slice(0, -1), resolve(root, targets[0].slice(0, -1))]] : [],
  );
}

/** The specifiers of a file's imports that carry values (see the file comment). */
export function valueImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const specifiers = [];
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push(literal(statement.moduleSpecifier));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const named = statement.exportClause;
      const onlyTypes = statement.isTypeOnly || (named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) specifiers.push(literal(statement.moduleSpecifier));
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifiers.push(literal(node.arguments[0]));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((specifier) => specifier !== null);
}

/** The file `specifier` names from `fromFile`, or null for a package or what does not resolve. */
export function resolveSpecifier(fromFile, specifier, aliases) {
  let base = null;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(fromFile), specifier);
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = join(alias[1], specifier.slice(alias[0].length));
  }
  if (base === null) return null;
  // `./x.js` written for `./x.ts`, as TypeScript allows.
  const candidates = [...EXTENSIONS.map((extension) => base + extension), base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Strongly connected components of more than one file, or of one that imports itself (Tarjan). */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (next === 0) {
        index.set(node, counter);
        lowLink.set(node, counter);
        counter += 1;
        stack.push(node);
        onStack.add(node);
      }
      const edges = graph.get(node) ?? [];
      if (next < edges.length) {
        frame[1] += 1;
        const target = edges[next];
        if (!index.has(target)) work.push([target, 0]);
        else if (onStack.has(target)) lowLink.set(node, Math.min(lowLink.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        lowLink.set(parent, Math.min(lowLink.get(parent), lowLink.get(node)));
      }
      if (lowLink.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.includes(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** The import graph of `files` (each file → the files it imports values from) and its cycles. */
export function findCycles(root, files = sourceFiles(root)) {
  const aliases = pathAliases(root);
  const graph = new Map();
  for (const file of files) {
    const targets = valueImports(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier, aliases))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  for (const targets of graph.values()) for (const target of targets) if (!graph.has(target)) graph.set(target, []);
  return cyclesOf(graph);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const cycles = findCycles(root);
  for (const cycle of cycles) console.error(`Import cycle among ${cycle.length} files:\n${cycle.map((file) => `  ${relative(root, file)}`).join('\n')}`);
  if (cycles.length > 0) process.exit(1);
}
