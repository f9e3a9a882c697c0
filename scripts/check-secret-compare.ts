// "Every secret is compared through safeEqual" (docs/security.md, issue 31 B). A `===` or `!==`
// between a token, secret, password, digest or CSRF value stops at the first differing character,
// so its timing leaks how much of a guess was right. This reads every .ts/.tsx file of lib/, app/
// and components/ (and proxy.ts) with the TypeScript parser and reports each equality comparison
// where either side's name matches SECRET_NAME: an identifier, the last property of `a.b.c`, a
// string-keyed element access, or a called function's name. A comparison with undefined, null, a
// number, a boolean or a `typeof` says nothing about a secret's content and is not reported; a
// string literal is (a hard-coded secret would be one). Reviewed non-secret cases are in ALLOWED,
// each with why; an entry that no longer matches anything is reported too, so the list stays short.
// lib/tooling/secret-compare.test.ts runs it and plants a violation to prove it fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export const SECRET_NAME = /token|secret|password|digest|csrf/i

/** Reviewed comparisons that are not between secrets: file → the comparison's source text, and why. */
export const ALLOWED: { file: string; text: string; why: string }[] = [
  {
    file: 'lib/settings/secrets.ts',
    text: 'derived?.secret !== secret',
    why: "whether the cached key was derived from the configured AUTH_SECRET: both sides are the server's own configuration, no request input",
  },
]

export interface SecretComparison {
  file: string
  line: number
  text: string
}

const ROOTS = ['lib', 'app', 'components']
const FILES = ['proxy.ts']

function sources(root: string): string[] {
  const out: string[] = FILES.filter((f) => existsSync(path.join(root, f)))
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'generated') walk(rel)
      } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
        out.push(rel)
    }
  }
  for (const dir of ROOTS) walk(dir)
  return out.sort()
}

/** The name a side of a comparison goes by, or null when it has none (a literal, an arithmetic expression). */
function nameOf(node: ts.Expression): string | null {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isAwaitExpression(node)
  )
    node = node.expression
  if (ts.isIdentifier(node)) return node.text
  if (ts.isPropertyAccessExpression(node)) return node.name.text
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return node.argumentExpression.text
  if (ts.isCallExpression(node)) return nameOf(node.expression)
  return null
}

/** Sides that cannot carry a secret's content: the comparison only asks whether a value is there. */
function contentless(node: ts.Expression): boolean {
  while (ts.isParenthesizedExpression(node)) node = node.expression
  if (
    node.kind === ts.SyntaxKind.NullKeyword ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword
  )
    return true
  if (ts.isIdentifier(node) && node.text === 'undefined') return true
  if (ts.isNumericLiteral(node) || ts.isTypeOfExpression(node)) return true
  return ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand)
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

export function findSecretComparisons(root: string, files = sources(root)): SecretComparison[] {
  const found: SecretComparison[] = []
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8')
    const sf = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    )
    const visit = (node: ts.Node) => {
      if (
        ts.isBinaryExpression(node) &&
        EQUALITY.has(node.operatorToken.kind) &&
        !contentless(node.left) &&
        !contentless(node.right)
      ) {
        const names = [nameOf(node.left), nameOf(node.right)]
        if (names.some((n) => n !== null && SECRET_NAME.test(n)))
          found.push({
            file: file.split(path.sep).join('/'),
            line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
            text: node.getText(sf),
          })
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return found
}

/** Comparisons not on the allowlist, and allowlist entries that match nothing any more. */
export function checkSecretComparisons(root: string, allowed = ALLOWED, files?: string[]) {
  const found = findSecretComparisons(root, files)
  const isAllowed = (c: SecretComparison) => allowed.some((a) => a.file === c.file && a.text === c.text)
  const violations = found.filter((c) => !isAllowed(c))
  const stale = allowed
    .filter((a) => !found.some((c) => c.file === a.file && c.text === a.text))
    .map((a) => `ALLOWED lists ${a.file}: ${a.text}, which no longer occurs: delete it`)
  return { found, violations, stale }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { violations, stale } = checkSecretComparisons(path.resolve(import.meta.dirname, '..'))
  for (const v of violations)
    console.error(`${v.file}:${v.line}: compare secrets with safeEqual (lib/util/safe-equal.ts), not ${v.text}`)
  for (const p of stale) console.error(p)
  process.exit(violations.length || stale.length ? 1 : 0)
}
