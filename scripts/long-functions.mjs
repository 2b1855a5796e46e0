// Every function, method and arrow in packages/*/src with its length in lines, longest first, so
// that "every function within a screen" (150 lines) can be checked rather than remembered.
//
//   node scripts/long-functions.mjs              lists those over the limit, exits 1 if any
//   node scripts/long-functions.mjs --all        lists every function
//   node scripts/long-functions.mjs --limit 100  another limit
//
// A function's length runs from its first line to its last, nested functions included, as a
// reader scrolls through it. Generated tables (`*.generated.ts`) are data, not code, and are left
// out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMIT = 150;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (
      /\.(ts|tsx|mts|cts)$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts') &&
      !entry.name.endsWith('.generated.ts')
    ) {
      out.push(path);
    }
  }
  return out;
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  ) {
    return parent.name.getText(sf);
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

/** Every function-like node of one file: `{ file, name, line, lines }`. */
export function functionsOf(path, root = ROOT) {
  const text = readFileSync(path, 'utf8');
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: relative(root, path), name: nameOf(node, sf), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every function of packages/*\/src, longest first. */
export function allFunctions(root = ROOT) {
  const packages = join(root, 'packages');
  const found = [];
  for (const pkg of readdirSync(packages, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    const src = join(packages, pkg.name, 'src');
    let files;
    try {
      files = sourceFiles(src);
    } catch {
      continue;
    }
    for (const file of files) found.push(...functionsOf(file, root));
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--limit');
  const limit = at >= 0 ? Number(args[at + 1]) : LIMIT;
  const all = allFunctions();
  const shown = args.includes('--all') ? all : all.filter((f) => f.lines > limit);
  for (const f of shown) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  const over = all.filter((f) => f.lines > limit).length;
  console.error(`${all.length} functions; ${over} over ${limit} lines; longest ${all[0]?.lines ?? 0}`);
  process.exitCode = over > 0 ? 1 : 0;
}
