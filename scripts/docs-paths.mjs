// Every path the repository's pages and source comments name, checked against the tree, so that
// "the docs name today's paths" is checked rather than remembered (issue 47: after the move to
// `rules/`, `queries/` and `operations/`, fifteen names in docs/ pointed at files that were gone).
//
//   node scripts/docs-paths.mjs          lists the stale names, exits 1 if any
//   node scripts/docs-paths.mjs --all    lists every name found, stale or not
//
// Read: every Markdown page (docs/, README.md, packages' RULES.md, CONFIG.md, ...) whole, and the
// comments of every .ts/.mjs file of packages/, tools/, scripts/ and deploy/ (comments only: code
// holds runtime names, `res.json`, `dist/bin.js`, that are not the repository's files).
//
// A name is a word with a slash or a file name ending in .ts, .mts, .mjs, .js or .md. Where it is
// looked for:
// - `packages/...`, `docs/...`, `scripts/...`, `tools/...`, `deploy/...`, `examples/...`: from the
//   root;
// - `src/...`, `test/...`, `bench/...`, `scripts/...`: in the package of the file naming it, else
//   in any package (a page of docs/ says `src/server.ts` of the package it is about); `scripts/`
//   is the root's too;
// - `core/src/...` and the like: under packages/;
// - any other name (`listing-json.ts`, `queries/holidays.ts`, `opendata/test/archive.test.ts`): some file of
//   the repository ends with it;
// and, for each, a `.js` name may be the `.ts` file it is compiled from (imports name `.js`).
// Build outputs (`dist/`), installed modules and names with a wildcard or a placeholder are left
// out; they are not files of the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', '.turbo', 'coverage', 'data']);
const ROOTED = /^(packages|docs|scripts|tools|deploy|examples)\//;
const IN_PACKAGE = /^(src|test|bench|scripts)\//;
// Names that look like paths but are not this repository's: products, and a file of the vendor's
// own repository (tradinghours/tradinghours-python) that catalog/src/info.ts cites.
// first-look.mjs: the file a newcomer saves the README's snippet as (it is not in the tree).
const NOT_OURS = new Set(['Node.js', 'ical.js', 'src/tradinghours/server/server.py', 'first-look.mjs']);
const FILE = /\.(ts|mts|mjs|js|md)$/;
const GENERATED = /\.generated\.ts$/;

function walk(dir, out = [], root = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out, root);
    else out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** The comments of a source file, each as its text. */
function commentsOf(path, text) {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const seen = new Set();
  const out = [];
  const take = (ranges) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push(text.slice(r.pos, r.end));
    }
  };
  const visit = (node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  take(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return out;
}

/** The path-like names of a text (exported for its test): a word with a slash, or a file name with a module's extension. */
export function namesIn(text) {
  const out = [];
  // Not after a letter, a dot, a slash or `@` (relative imports, URLs, scoped packages, `a.b/c`).
  const re = /(?<![\w./@:~$<{*-])([A-Za-z_][\w-]*(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*\/?)/g;
  for (const m of text.matchAll(re)) {
    const name = m[1];
    const next = text[m.index + name.length];
    // A wildcard, a placeholder or a URL's host: `src/**`, `packages/<name>`, `packages/*/src`.
    if (next === '*' || next === '<' || next === '{' || next === '$') continue;
    if (name.includes('/') ? ROOTED.test(name) || IN_PACKAGE.test(name) || /^\w+\/src\//.test(name) : FILE.test(name))
      out.push(name.replace(/\/$/, ''));
    else if (name.includes('/') && FILE.test(name)) out.push(name);
  }
  return out;
}

/** Whether a name, found in `from`, is a file or directory of the tree. */
function makeResolver(files, root) {
  const dirs = new Set();
  for (const f of files) for (let d = dirname(f); d !== '.'; d = dirname(d)) dirs.add(d);
  // Skipped directories (a package's generated `data/`) are still there when named.
  const has = (p) => files.has(p) || dirs.has(p) || existsSync(join(root, p));
  const variants = (p) => [p, p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.mjs'), p.replace(/\.js$/, '.tsx')];
  const suffixes = new Map();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) suffixes.set(parts.slice(i).join('/'), true);
  }
  for (const d of dirs) {
    const parts = d.split('/');
    for (let i = 1; i < parts.length; i++) suffixes.set(parts.slice(i).join('/'), true);
  }
  const packages = [...dirs].filter((d) => /^(packages|tools)\/[^/]+$/.test(d));
  return (name, from) => {
    const pkg = from.match(/^(packages|tools)\/[^/]+/)?.[0];
    const candidates = [];
    if (NOT_OURS.has(name)) return true;
    // A generated file is a build's output, absent from a clone until that package is built.
    if (GENERATED.test(name)) return true;
    if (ROOTED.test(name)) candidates.push(name);
    if (IN_PACKAGE.test(name)) {
      if (pkg) candidates.push(`${pkg}/${name}`);
      if (!pkg || from.endsWith('.md')) for (const p of packages) candidates.push(`${p}/${name}`);
    } else if (/^\w+\/src\//.test(name)) candidates.push(`packages/${name}`);
    else if (!ROOTED.test(name)) return variants(name).some((v) => has(v) || suffixes.has(v));
    return candidates.some((c) => variants(c).some(has));
  };
}

/** Whether `name`, written in the file `from`, is a path of the tree at `root`. */
export function resolverOf(root = ROOT) {
  return makeResolver(new Set(walk(root)), root);
}

/** Every name of the pages and comments: `{ file, line, name, exists }`. */
export function namedPaths(root = ROOT) {
  const all = walk(root);
  const files = new Set(all);
  const resolves = makeResolver(files, root);
  const found = [];
  for (const file of all) {
    const isPage = file.endsWith('.md') && !file.startsWith('docs/open-data/');
    const isSource =
      /\.(ts|mts|mjs)$/.test(file) && !file.endsWith('.d.ts') && /^(packages|tools|scripts|deploy)\//.test(file);
    if (!isPage && !isSource) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const chunks = isPage ? [text] : commentsOf(file, text);
    for (const chunk of chunks) {
      const at = isPage ? 0 : text.indexOf(chunk);
      for (const name of namesIn(chunk)) {
        if (/(^|\/)(dist|node_modules)(\/|$)/.test(name)) continue;
        const line = text.slice(0, at + chunk.indexOf(name)).split('\n').length;
        found.push({ file, line, name, exists: resolves(name, file) });
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = namedPaths();
  const shown = process.argv.includes('--all') ? all : all.filter((f) => !f.exists);
  for (const f of shown) console.log(`${f.file}:${f.line} ${f.name}${f.exists ? '' : '  (no such path)'}`);
  if (!process.argv.includes('--all') && shown.length > 0) process.exit(1);
}
