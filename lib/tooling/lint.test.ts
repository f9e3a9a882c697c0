import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import * as prettier from 'prettier'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

// The planted file gets a tsconfig of its own next to it: the project service picks the nearest one,
// so type-aware rules run on a two-file program instead of loading the whole app (seconds, not half a minute).
// It still goes through the repository's eslint.config.mjs, which is what is under test.
const dir = mkdtempSync(path.join(root, 'lib/tooling/planted-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(
  path.join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2023'],
      types: [],
      noEmit: true,
    },
    include: ['*.ts'],
  }),
)

const planted = `export async function save(): Promise<number> {
  await Promise.resolve()
  return 1
}

export function handler(input: any): string {
  save()
  return typeof input
}
`

describe('npm run lint', () => {
  it('ESLint reports a floating promise and an explicit any', async () => {
    const file = path.join(dir, 'planted.ts')
    writeFileSync(file, planted)
    const eslint = new ESLint({ cwd: root })
    const messages = (await eslint.lintFiles([file])).flatMap((r) => r.messages)
    const rules = messages.map((m) => m.ruleId)
    expect(rules).toContain('@typescript-eslint/no-floating-promises')
    expect(rules).toContain('@typescript-eslint/no-explicit-any')
    expect(messages.every((m) => m.severity === 2)).toBe(true)
  }, 30_000)

  it('ESLint passes the same code once fixed', async () => {
    const file = path.join(dir, 'fixed.ts')
    writeFileSync(file, planted.replace('input: any', 'input: unknown').replace('  save()', '  void save()'))
    const results = await new ESLint({ cwd: root }).lintFiles([file])
    expect(results).toHaveLength(1)
    expect(results.flatMap((r) => r.messages)).toEqual([])
  }, 30_000)

  it("ESLint checks the rules of hooks on the console's components and pages", async () => {
    const eslint = new ESLint({ cwd: root })
    for (const file of ['components/ui/code-editor.tsx', 'app/(console)/layout.tsx', 'lib/console/api.ts']) {
      const rules = ((await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> })
        .rules
      expect(rules['react-hooks/rules-of-hooks'], file).toEqual([2])
      expect(rules['react-hooks/exhaustive-deps'], file).toEqual([2])
    }
  }, 30_000)

  it('Prettier rejects code off the house style and accepts it formatted', async () => {
    const filepath = path.join(root, 'lib/planted.ts')
    const options = { ...(await prettier.resolveConfig(filepath)), filepath }
    const bad = 'export const a = { b: "c", d: [1,2,3] };\n'
    expect(await prettier.check(bad, options)).toBe(false)
    const good = await prettier.format(bad, options)
    expect(good).toBe("export const a = { b: 'c', d: [1, 2, 3] }\n")
    expect(await prettier.check(good, options)).toBe(true)
  })
})
