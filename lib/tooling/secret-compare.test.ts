// Every secret comparison goes through safeEqual (lib/util/safe-equal.ts): the checker
// (scripts/check-secret-compare.ts) must find none outside its reviewed allowlist in the real tree,
// and must be able to fail: a planted file with secret comparisons is reported line by line, while
// presence checks and non-secret names are not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ALLOWED, checkSecretComparisons } from '../../scripts/check-secret-compare'

const root = path.resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(path.join(root, 'lib/tooling/planted-secret-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = path.relative(root, path.join(dir, 'compare.ts')).split(path.sep).join('/')

writeFileSync(
  path.join(root, file),
  [
    'declare const row: { token: string; tokenType: string; passwordDigest: string; userId: number }',
    'declare const sent: string, csrf: string, given: string',
    'declare function digestOf(v: string): string',
    'export const a = row.token === given', // line 4: a property named token
    'export const b = csrf !== sent', // line 5: an identifier named csrf
    "export const c = row['passwordDigest'] == given", // line 6: a string-keyed element, loose equality
    'export const d = digestOf(given) === row.passwordDigest', // line 7: a call named digest…
    "export const e = row.tokenType === 'personal'", // line 8: a string literal is reported (allowlisted below)
    'export const f = row.token === undefined || typeof row.token === "string" || row.token.length === 3', // presence, type, length: not reported
    'export const g = row.userId === 1 || given === sent', // names without a secret: not reported
  ].join('\n') + '\n',
)

describe('secret comparisons (scripts/check-secret-compare.ts)', () => {
  it('finds none in lib/, app/ and components/ outside the reviewed allowlist, and no stale entry', () => {
    const { found, violations, stale } = checkSecretComparisons(root, ALLOWED)
    // The planted file is the only source of violations while it exists.
    expect(violations.filter((v) => v.file !== file)).toEqual([])
    expect(stale).toEqual([])
    console.log(
      `secret comparisons: ${found.length - violations.length} allowlisted, ${violations.filter((v) => v.file !== file).length} outside safeEqual`,
    )
    // Parses every source file: 1.4 s alone, over 5 s on a loaded machine.
  }, 60_000)

  it('reports each planted comparison by line, and only those', () => {
    const { violations } = checkSecretComparisons(root, ALLOWED, [file])
    expect(violations.map((v) => [v.line, v.text])).toEqual([
      [4, 'row.token === given'],
      [5, 'csrf !== sent'],
      [6, "row['passwordDigest'] == given"],
      [7, 'digestOf(given) === row.passwordDigest'],
      [8, "row.tokenType === 'personal'"],
    ])
  })

  it('lets a reviewed entry through and reports an entry that matches nothing', () => {
    const allowed = [
      { file, text: "row.tokenType === 'personal'", why: 'a type name, not a secret' },
      { file, text: 'row.secret === x', why: 'gone' },
    ]
    const { violations, stale } = checkSecretComparisons(root, allowed, [file])
    expect(violations.map((v) => v.line)).toEqual([4, 5, 6, 7])
    expect(stale).toEqual([`ALLOWED lists ${file}: row.secret === x, which no longer occurs: delete it`])
  })
})
