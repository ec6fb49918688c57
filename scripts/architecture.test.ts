/**
 * The layering rules of docs/architecture.md, checked over the files so the next slip fails CI instead of waiting
 * for a review: who may compare roles, which web folders may import which, where SQL lives, and what deps modules
 * may import. Each rule is a detector over the TypeScript syntax tree (comments and strings that merely mention a
 * role or a table do not count), run once on a planted sample so it cannot pass by finding nothing.
 * docs/decisions.md, "Architecture rules as tests".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROLES } from '@rainmakers/contracts/access';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROLE_NAMES = new Set<string>(ROLES);

/** Source files under a folder (tests excluded: they state rules, they do not apply them). */
function sourceFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function parse(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function walk(source: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const step = (node: ts.Node) => {
    visit(node);
    ts.forEachChild(node, step);
  };
  step(source);
}

const lineOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** A finding: file:line and the code that broke the rule. */
type Finding = string;

const finding = (file: string, source: ts.SourceFile, node: ts.Node): Finding =>
  `${file}:${lineOf(source, node)} ${node.getText(source).replace(/\s+/g, ' ').slice(0, 120)}`;

/** `(ROLES as readonly string[])` -> `ROLES`: what an expression is once its brackets and casts are gone. */
function bare(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isNonNullExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** An expression that names a role: `role`, `user.role`, `actor.accountRole`, `change.role`. */
const namesRole = (node: ts.Expression, source: ts.SourceFile) => /role$/i.test(bare(node).getText(source));
const isRoleName = (node: ts.Expression) => {
  const inner = bare(node);
  return (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) && ROLE_NAMES.has(inner.text);
};
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Role comparisons: `x.role === 'admin'` (either side, any equality), a `switch` on a role with a role-name case,
 * and `list.includes(x.role)` (a list of roles held against the person's). `ROLES.includes(value)` only checks that
 * a string is a role at all and is not a comparison.
 */
function roleComparisons(file: string, text: string): Finding[] {
  const source = parse(file, text);
  const found: Finding[] = [];
  walk(source, (node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const { left, right } = node;
      if ((isRoleName(left) && namesRole(right, source)) || (isRoleName(right) && namesRole(left, source))) {
        found.push(finding(file, source, node));
      }
    } else if (ts.isSwitchStatement(node) && namesRole(node.expression, source)) {
      const cases = node.caseBlock.clauses.filter((c): c is ts.CaseClause => ts.isCaseClause(c));
      if (cases.some((c) => isRoleName(c.expression))) found.push(finding(file, source, node.expression));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'includes' &&
      node.arguments.length === 1 &&
      namesRole(node.arguments[0]!, source)
    ) {
      const list = bare(node.expression.expression);
      if (!(ts.isIdentifier(list) && list.text === 'ROLES')) found.push(finding(file, source, node));
    }
  });
  return found;
}

/** Every module specifier of a file: imports, re-exports, dynamic import(). */
function specifiers(source: ts.SourceFile): { node: ts.Node; specifier: string }[] {
  const found: { node: ts.Node; specifier: string }[] = [];
  walk(source, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push({ node, specifier: node.moduleSpecifier.text });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ node, specifier: node.arguments[0].text });
    }
  });
  return found;
}

/** Where a relative specifier points, as a path from the repository root (null for packages). */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(path.resolve(path.dirname(path.resolve(ROOT, file)), specifier));
}

const FEATURE = /^web\/src\/features\/([^/]+)\//;

/** Imports from one web feature into another (shared widgets belong in web/src/components or web/src/lib). */
function crossFeatureImports(file: string, text: string): Finding[] {
  const own = FEATURE.exec(file)?.[1];
  if (!own) return [];
  const source = parse(file, text);
  return specifiers(source)
    .filter(({ specifier }) => {
      const other = FEATURE.exec(`${target(file, specifier) ?? ''}/`)?.[1];
      return other !== undefined && other !== own;
    })
    .map(({ node }) => finding(file, source, node));
}

/**
 * What the shell may not import: everything under web/src/lib, session and early travels in the file every page
 * downloads first (web/vite.config.ts, SHELL), so a value import of the contracts package root (zod) or of a
 * screen's library there adds tens of KB to every first load. Type-only imports cost nothing.
 */
const SHELL_FOLDERS = /^web\/src\/(lib|session|early)\//;
const HEAVY_FOR_THE_SHELL = /^(@rainmakers\/contracts|zod|marked|dompurify|@stripe\/|@mui\/x-|qrcode|@hello-pangea\/)/;

function heavyShellImports(file: string, text: string): Finding[] {
  if (!SHELL_FOLDERS.test(file)) return [];
  const source = parse(file, text);
  return specifiers(source)
    .filter(({ node, specifier }) => {
      if (!HEAVY_FOR_THE_SHELL.test(specifier)) return false;
      // The contracts' zod-free subpaths (@rainmakers/contracts/access, ...) are what the shell reads.
      if (specifier.startsWith('@rainmakers/contracts/')) return false;
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const typeOnly =
        (clause?.isTypeOnly ?? false) ||
        (ts.isExportDeclaration(node) && node.isTypeOnly) ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      return !typeOnly;
    })
    .map(({ node }) => finding(file, source, node));
}

/** Kysely's entry points to a table, and SQL statements written as text. */
const QUERY_BUILDER_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const SQL_TEXT =
  /\b(SELECT\s[\s\S]*\bFROM\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|ALTER\s+TABLE\s|CREATE\s+(TABLE|INDEX)\s)/;

/** SQL outside store/: the query builder's table calls, kysely's sql`` tag, statements in strings. */
function sqlOutsideStore(file: string, text: string): Finding[] {
  const source = parse(file, text);
  const found: Finding[] = [];
  walk(source, (node) => {
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source))) {
      found.push(finding(file, source, node));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_BUILDER_CALLS.has(node.expression.name.text)
    ) {
      found.push(finding(file, source, node.expression.name));
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && SQL_TEXT.test(node.text)) {
      found.push(finding(file, source, node));
    } else if (ts.isTemplateExpression(node) && SQL_TEXT.test(node.getText(source))) {
      found.push(finding(file, source, node));
    }
  });
  return found;
}

/** A deps module (the types routes and commands are given) importing a route: the wiring would run backwards. */
function depsImportingRoutes(file: string, text: string): Finding[] {
  const source = parse(file, text);
  return specifiers(source)
    .filter(({ specifier }) => /^services\/[^/]+\/src\/routes(\/|$)/.test(target(file, specifier) ?? ''))
    .map(({ node }) => finding(file, source, node));
}

// ---------------------------------------------------------------------------------------------------------
// Which files each rule reads

const SERVICES = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, 'services', entry.name, 'src')))
  .map((entry) => entry.name);
/** The shared runtime (no store/ of its own: its outbox, idempotency and migration tables) and the shared schemas. */
const NOT_A_SERVICE = new Set(['kit', 'contracts']);
const DOMAIN_SERVICES = SERVICES.filter((name) => !NOT_A_SERVICE.has(name));

const files = (folder: string) => sourceFiles(path.join(ROOT, folder)).map(relative);

/**
 * Where roles may be compared: each service's policies.ts, the gateway's policies.ts, the contracts (the role
 * definitions and the rules every side shares: sessionAbilities, canHaveOwnBoard...), and the web's route guard
 * (lib/access.ts: the spec's "Access to a route, in order", role lists by screen; docs/decisions.md "Web").
 * Domain and store modules are pure rules and queries the policies call, outside this check.
 */
const ROLE_RULE_FILES = [
  ...files('web/src').filter((file) => file !== 'web/src/lib/access.ts'),
  ...files('gateway/src').filter((file) => file !== 'gateway/src/policies.ts'),
  ...DOMAIN_SERVICES.flatMap((name) =>
    files(`services/${name}/src`).filter((file) => !/\/src\/(policies\.ts|domain\/|store\/)/.test(file)),
  ),
];
const SQL_RULE_FILES = DOMAIN_SERVICES.flatMap((name) =>
  files(`services/${name}/src`).filter((file) => !file.includes('/src/store/')),
);
const DEPS_FILES = DOMAIN_SERVICES.flatMap((name) =>
  files(`services/${name}/src`).filter((file) => /\/src\/(deps\.ts|deps\/)/.test(file)),
);

const check = (list: readonly string[], rule: (file: string, text: string) => Finding[]) =>
  list.flatMap((file) => rule(file, readFileSync(path.join(ROOT, file), 'utf8')));

describe('architecture rules', () => {
  it('reads the folders it checks', () => {
    expect(ROLE_RULE_FILES.filter((f) => f.startsWith('web/src/features/')).length).toBeGreaterThan(50);
    expect(ROLE_RULE_FILES.filter((f) => f.startsWith('gateway/src/')).length).toBeGreaterThan(5);
    expect(DOMAIN_SERVICES).toEqual(expect.arrayContaining(['auth', 'users', 'courses', 'board', 'resources']));
    expect(SQL_RULE_FILES.filter((f) => f.includes('/src/routes/')).length).toBeGreaterThan(10);
    expect(DEPS_FILES.length).toBe(DOMAIN_SERVICES.length);
  });

  describe('roles are compared only in policies', () => {
    it('catches a planted comparison, switch and list check, and leaves comments, strings and ROLES alone', () => {
      const planted = [
        "const a = viewer.role === 'admin';",
        "const b = 'coach' !== actor.accountRole;",
        "switch (user.role) { case 'premium': break; }",
        "const c = ['basic', 'premium'].includes(user.role);",
        'const d = COMMUNITY_ROLES.includes(person.role);',
      ].join('\n');
      expect(roleComparisons('x.ts', planted)).toHaveLength(5);
      const clean = [
        "// actor.role === 'admin' in a comment",
        'const e = \'user.role === "admin"\';',
        'const f = (ROLES as readonly string[]).includes(role);',
        "const g = banner.type === 'premium';",
        'const h = abilities.deleteOthersComments;',
      ].join('\n');
      expect(roleComparisons('x.ts', clean)).toEqual([]);
    });

    it('finds none in the web, the gateway, or services outside their policies', () => {
      expect(check(ROLE_RULE_FILES, roleComparisons)).toEqual([]);
    });
  });

  describe('web features import no other feature', () => {
    it('catches a planted import, re-export and lazy import', () => {
      const planted = [
        "import { Markdown } from '../../courses/Markdown';",
        "export { timeAgo } from '../../dashboard/timeAgo';",
        "const page = () => import('../../users/UsersPage');",
        "import { toast } from '../../../components/toast';",
        "import { model } from '../model';",
        "import { same } from './Same';",
      ].join('\n');
      expect(crossFeatureImports('web/src/features/board/card/X.tsx', planted)).toHaveLength(3);
      expect(crossFeatureImports('web/src/components/X.tsx', planted)).toEqual([]);
    });

    it('finds none', () => {
      expect(check(files('web/src/features'), crossFeatureImports)).toEqual([]);
    });
  });

  describe('the shell stays light', () => {
    it('catches a planted value import of the contracts root and of a screen library, and leaves types alone', () => {
      const planted = [
        "import { isJobFinished } from '@rainmakers/contracts';",
        "import DOMPurify from 'dompurify';",
        "import { marked } from 'marked';",
        "import type { CurrentUser } from '@rainmakers/contracts';",
        "import { type Role } from '@rainmakers/contracts';",
        "import { PUBLIC_ROUTE } from '@rainmakers/contracts/access';",
        "import { useQuery } from '@tanstack/react-query';",
      ].join('\n');
      expect(heavyShellImports('web/src/lib/x.ts', planted)).toHaveLength(3);
      expect(heavyShellImports('web/src/components/x.ts', planted)).toEqual([]);
    });

    it('finds none in lib/, session/ and early/', () => {
      expect(check(files('web/src'), heavyShellImports)).toEqual([]);
    });
  });

  describe('SQL lives in store/', () => {
    it('catches a planted query builder call, sql`` and a statement in a string, and leaves words alone', () => {
      const planted = [
        "await db.selectFrom('jobs').select('id').execute();",
        'await sql`select 1`.execute(db);',
        "await pool.query('SELECT id FROM jobs WHERE id = $1', [id]);",
        `await pool.query(\`UPDATE jobs SET state = $\{state}\`);`,
      ].join('\n');
      expect(sqlOutsideStore('x.ts', planted)).toHaveLength(4);
      const clean = ["toast('Select a course from the list');", "const label = 'Delete from board';"].join('\n');
      expect(sqlOutsideStore('x.ts', clean)).toEqual([]);
    });

    it('finds none in services outside store/ (migrations are .sql files)', () => {
      expect(check(SQL_RULE_FILES, sqlOutsideStore)).toEqual([]);
    });
  });

  describe('deps modules import no routes', () => {
    it('catches a planted import', () => {
      const planted = "import type { StripeRouteDeps } from './routes/stripe';\nimport type { Db } from './store/db';";
      expect(depsImportingRoutes('services/billing/src/deps.ts', planted)).toHaveLength(1);
    });

    it('finds none', () => {
      expect(check(DEPS_FILES, depsImportingRoutes)).toEqual([]);
    });
  });
});
