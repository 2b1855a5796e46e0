// Issue 47: the `Dataset` methods derived from the declarations of `QUERIES` carry each
// declaration's description in the emitted types, so hover and "go to definition" show it.
// scripts/methods.mjs writes the interface (src/methods.generated.ts) at build; this reads the
// built dist/*.d.ts as an editor does, through the compiler, and asks each method for its text.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a build script without type declarations
import { declarations, methodsModule, OUT } from '../scripts/methods.mjs';
import { QUERIES } from '../src/queries/index.js';

interface Declared {
  key: string;
  doc: string[] | null;
  file: string;
  line: number;
}

const CORE = join(dirname(fileURLToPath(import.meta.url)), '..');
const keys = Object.keys(QUERIES);

/** Each method of the built `Dataset` with the documentation an editor shows for it. */
function builtDocs(): Map<string, string> {
  const entry = join(CORE, 'dist', 'index.d.ts');
  const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(entry)!;
  const dataset = checker.getExportsOfModule(checker.getSymbolAtLocation(sf)!).find((s) => s.name === 'Dataset')!;
  const type = checker.getDeclaredTypeOfSymbol(
    dataset.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(dataset) : dataset,
  );
  const out = new Map<string, string>();
  for (const p of checker.getPropertiesOfType(type))
    out.set(p.name, ts.displayPartsToString(p.getDocumentationComment(checker)));
  return out;
}

describe("the generated methods' descriptions", () => {
  const declared = declarations() as Declared[];

  it('reads every declaration of QUERIES, in its order', () => {
    expect(declared.map((d) => d.key)).toEqual(keys);
  });

  it('finds a description on every declaration', () => {
    const missing = declared.filter((d) => d.doc === null).map((d) => `${d.file}:${d.line} ${d.key}`);
    expect(missing).toEqual([]);
  });

  it('the generated interface is the one the declarations give (never stale)', () => {
    expect(readFileSync(OUT, 'utf8')).toBe(methodsModule());
  });

  it("shows each declaration's description on the built Dataset's method", () => {
    const docs = builtDocs();
    for (const d of declared) {
      const shown = docs.get(d.key);
      expect(shown, d.key).toBeDefined();
      // The description as written (the emitted comment rewraps nothing), and where it is declared.
      expect(shown, d.key).toContain(d.doc!.join('\n'));
      expect(shown, d.key).toContain(`Declared in \`${d.file}\`.`);
    }
  });

  describe('a declaration without a description', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openbell-methods-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is found, by file and line', () => {
      writeFileSync(
        join(dir, 'index.ts'),
        "import { A_QUERIES } from './a.js';\nexport const QUERIES = { ...A_QUERIES } as const;\n",
      );
      writeFileSync(
        join(dir, 'a.ts'),
        [
          'export const A_QUERIES = {',
          '  /** Said. */',
          '  said: query({}),',
          '  unsaid: query({}),',
          '} as const;',
          '',
        ].join('\n'),
      );
      expect(declarations(dir)).toEqual([
        { key: 'said', doc: ['Said.'], line: 3, file: 'src/queries/a.ts' },
        { key: 'unsaid', doc: null, line: 4, file: 'src/queries/a.ts' },
      ]);
    });
  });
});
