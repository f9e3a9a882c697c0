import { describe, expect, it } from 'vitest'
import { lineOfPath, lintDiagnostics } from './lint-lines'
import { parseCiConfig } from './parse'

const CONFIG = `stages: [build, test]

build:
  stage: build
  script:
    - echo "a: b"
  bogus: 1

test:
  stage: test
  script: make
  bogus: 2
`

describe('lineOfPath', () => {
  it('finds a key under its parent, not a same-named key elsewhere', () => {
    expect(lineOfPath(CONFIG, ['build'])).toBe(3)
    expect(lineOfPath(CONFIG, ['build', 'bogus'])).toBe(7)
    expect(lineOfPath(CONFIG, ['test', 'bogus'])).toBe(12)
    expect(lineOfPath(CONFIG, ['test', 'script'])).toBe(11)
  })
  it('stops at the deepest part found, and answers null when nothing is found', () => {
    expect(lineOfPath(CONFIG, ['test', 'nope'])).toBe(9)
    expect(lineOfPath(CONFIG, ['nope'])).toBeNull()
  })
})

describe('lintDiagnostics', () => {
  it("puts the parser's own errors at the lines of their keys", () => {
    const result = parseCiConfig(CONFIG)
    expect(result.errors).toEqual([
      'jobs:build config contains unknown keys: bogus',
      'jobs:test config contains unknown keys: bogus',
    ])
    expect(lintDiagnostics(CONFIG, result.errors).map((d) => d.line)).toEqual([7, 12])
  })
  it('puts a YAML syntax error at the line it names', () => {
    const text = 'build:\n  script: make\n  - oops\n'
    const result = parseCiConfig(text)
    expect(result.valid).toBe(false)
    const [d] = lintDiagnostics(text, result.errors)
    expect(d!.line).toBeGreaterThanOrEqual(2)
    expect(d!.message).toBe(result.errors[0])
  })
  it('falls back to the mapping, then to line 1', () => {
    expect(
      lintDiagnostics(CONFIG, [
        'jobs:test:script config should be a string or a nested array of strings up to 10 levels deep',
      ])[0]!.line,
    ).toBe(11)
    expect(lintDiagnostics(CONFIG, ['stages config should be an array of strings'])[0]!.line).toBe(1)
    expect(lintDiagnostics(CONFIG, ['Please provide content of .gitlab-ci.yml'])[0]!.line).toBe(1)
  })
})
