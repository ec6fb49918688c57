/**
 * No function in scripts/ over 200 lines. Every function, arrow function, method, constructor and
 * accessor in the TypeScript files under scripts/ is measured with the TypeScript compiler API from its first to
 * its last line (a nested function counts inside its parent too, as a reader sees it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const MAX_FUNCTION_LINES = 200;

const SCRIPTS = path.resolve(import.meta.dirname, '..');

function typeScriptFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(full);
    return /\.(m|c)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

interface FunctionLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** Every function-like node of one source text with its length in lines (first line to last line, inclusive). */
function functionLengths(file: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions in scripts/', () => {
  it('measures a function from its first to its last line', () => {
    const text = ['export function short() {', '  return 1;', '}', 'const arrow = () => {', '', '};'].join('\n');
    expect(functionLengths('x.ts', text).map((f) => [f.name, f.lines])).toEqual([
      ['short', 3],
      ['arrow', 3],
    ]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const files = typeScriptFiles(SCRIPTS);
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .flatMap((file) => functionLengths(path.relative(SCRIPTS, file), readFileSync(file, 'utf8')))
      .filter((f) => f.lines > MAX_FUNCTION_LINES)
      .map((f) => `scripts/${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });
});
