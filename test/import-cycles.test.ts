/**
 * No file of src/ imports itself round a circle. A cycle of value imports can hand a module another
 * that has not finished loading (a class or constant still undefined at start-up, depending on which
 * file is loaded first); a cycle of type imports alone is harmless at run time but ties files that
 * should be layered, so a change to one reaches round to all. Dynamic `import()` is left out: it
 * runs after both files have loaded, which is why it is used to defer a load.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';

const SRC = path.join(import.meta.dirname, '..', 'src');

/** Type-only cycles known before this test; each is to be broken, then taken off this list. */
const KNOWN_TYPE_CYCLES: string[][] = [];

interface Edge {
  to: string;
  typeOnly: boolean;
}

function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && ts.isNamedImports(named) && named.elements.every((one) => one.isTypeOnly)));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      const named = statement.exportClause;
      typeOnly = statement.isTypeOnly || (!!named && ts.isNamedExports(named) && named.elements.every((one) => one.isTypeOnly));
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    edges.push({ to: path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier.text)), typeOnly });
  }
  return edges;
}

/** The strongly connected groups of more than one file (Tarjan), or of one file importing itself. */
function cycles(graph: Map<string, Edge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)!.some((edge) => edge.to === file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const describeCycle = (group: string[], graph: Map<string, Edge[]>) =>
  group
    .flatMap((file) =>
      graph
        .get(file)!
        .filter((edge) => group.includes(edge.to))
        .map((edge) => `${file} -> ${edge.to}${edge.typeOnly ? ' (types)' : ''}`),
    )
    .join('\n  ');

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
const all = new Map(files.map((file) => [file, importsOf(file)]));
const values = new Map([...all].map(([file, edges]) => [file, edges.filter((edge) => !edge.typeOnly)]));

it('no file of src/ reaches itself through value imports', () => {
  const found = cycles(values);
  assert.deepEqual(found, [], `import cycles:\n  ${found.map((group) => describeCycle(group, values)).join('\n\n  ')}`);
});

it('no file of src/ reaches itself through type imports either, but for the known cycles still to break', () => {
  const found = cycles(all);
  const known = (group: string[]) => KNOWN_TYPE_CYCLES.some((one) => one.join() === group.join());
  const fresh = found.filter((group) => !known(group));
  assert.deepEqual(fresh, [], `import cycles:\n  ${fresh.map((group) => describeCycle(group, all)).join('\n\n  ')}`);
  const broken = KNOWN_TYPE_CYCLES.filter((one) => !found.some((group) => group.join() === one.join()));
  assert.deepEqual(broken, [], 'these known cycles are gone (or changed): take them off KNOWN_TYPE_CYCLES');
});
