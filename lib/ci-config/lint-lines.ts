// Where in `.gitlab-ci.yml` a CI lint error points. GitLab's lint answers texts, not positions:
// YAML syntax errors name a line ("… at line 3, column 5"), configuration errors name a key path
// ("jobs:build config contains unknown keys: bogus", "jobs:build:script config should be …",
// "stages config …"). The path is found in the text by indentation, which is how a YAML block
// mapping nests; an error whose key cannot be found stays on line 1 so it is still shown.
// Pure and browser-safe: the console's pipeline editor imports it.

/** A lint error at a 1-based line. */
export interface LintLine {
  line: number
  message: string
}

const AT_LINE = /at line (\d+),? column \d+/
const PATH = /^(\S+) config (.*)$/
const UNKNOWN = /contains unknown keys: (.+)$/

interface KeyLine {
  line: number
  indent: number
  key: string
}

/** Every `key:` line of a block mapping (list items' first keys included, their dash counted as indent). */
function keyLines(text: string): KeyLine[] {
  const out: KeyLine[] = []
  text.split('\n').forEach((raw, i) => {
    const m = /^(\s*(?:-\s+)?)(?:(["'])(.+?)\2|([^\s#"'][^:#]*?))\s*:(?:\s|$)/.exec(raw)
    if (m) out.push({ line: i + 1, indent: m[1]!.length, key: (m[3] ?? m[4])! })
  })
  return out
}

/** The line of a key path (top-level key first), or of its deepest part found; null when even the first is missing. */
export function lineOfPath(text: string, path: readonly string[]): number | null {
  const lines = keyLines(text)
  let found: KeyLine | null = null
  let from = 0
  let end = lines.length
  for (const key of path) {
    const parentIndent = found ? found.indent : -1
    // The children of the key found so far: lines after it until one at its indentation or less.
    let childIndent: number | null = null
    let hit: number | null = null
    for (let i = from; i < end; i++) {
      const l = lines[i]!
      if (l.indent <= parentIndent) break
      childIndent ??= l.indent
      if (l.indent === childIndent && l.key === key) {
        hit = i
        break
      }
    }
    if (hit === null) break
    found = lines[hit]!
    from = hit + 1
    const next = lines.findIndex((l, i) => i > hit && l.indent <= found!.indent)
    end = next === -1 ? lines.length : next
  }
  return found ? found.line : null
}

/** CI lint errors as editor diagnostics at their lines. */
export function lintDiagnostics(text: string, errors: readonly string[]): LintLine[] {
  return errors.map((message) => {
    const at = AT_LINE.exec(message)
    if (at) return { line: Number(at[1]), message }
    const m = PATH.exec(message)
    if (!m) return { line: 1, message }
    let path = m[1]!.split(':')
    if (path[0] === 'jobs') path = path.slice(1)
    if (path[0] === 'root') path = []
    const unknown = UNKNOWN.exec(m[2]!)
    // An unknown key: its own line (the first of them), else the mapping that holds it.
    const first = unknown?.[1]?.split(',')[0]?.trim()
    const line =
      (first ? lineOfPath(text, [...path, first]) : null) ?? (path.length ? lineOfPath(text, path) : null) ?? 1
    return { line, message }
  })
}
