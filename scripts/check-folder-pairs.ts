// "Folders that depend on each other both ways are untangled, and nothing adds a new pair" (issue 33).
// dependency-cruiser's no-circular sees cycles of modules; two domains can import each other through
// different files without one. This reads dependency-cruiser's graph of lib/ and lists every pair of
// lib/<folder>s with value imports in both directions (type-only imports are erased and do not count;
// test files are harnesses and do not count). TANGLED is the list of pairs still to untangle: a pair
// not on it fails, and so does a listed pair that is gone (take it off, so the list only shrinks).
// Part of `npm run lint:deps`; lib/tooling/folder-pairs.test.ts proves both failures.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

/** Pairs (alphabetical) that still import each other both ways: to be untangled, never added to. */
export const TANGLED: string[] = [
  'ci-jobs <-> pipelines',
  'ci-jobs <-> runners',
  'epic-issues <-> issues',
  'group-shares <-> groups',
  'groups <-> members',
  'groups <-> projects',
  'invitations <-> users',
  'issues <-> projects',
  'members <-> projects',
  'members <-> users',
  'project-shares <-> projects',
  'projects <-> repository',
]

/** A value import from one lib/ folder's file into another folder's file. */
export interface Edge {
  from: string
  to: string
}

const folderOf = (file: string) => /^lib\/([^/]+)\//.exec(file)?.[1]

/** Every pair of folders with edges both ways, as `a <-> b` (a < b), with one file edge each way. */
export function bothWayPairs(edges: Edge[]): Map<string, [Edge, Edge]> {
  const first = new Map<string, Edge>()
  for (const e of edges) {
    const a = folderOf(e.from)
    const b = folderOf(e.to)
    if (a && b && a !== b && !first.has(`${a}>${b}`)) first.set(`${a}>${b}`, e)
  }
  const pairs = new Map<string, [Edge, Edge]>()
  for (const [key, e] of first) {
    const [a, b] = key.split('>') as [string, string]
    const back = first.get(`${b}>${a}`)
    if (back && a < b) pairs.set(`${a} <-> ${b}`, [e, back])
  }
  return pairs
}

/** New pairs (with a file edge each way, to start from) and listed pairs that are gone. */
export function checkPairs(edges: Edge[], tangled: string[] = TANGLED): string[] {
  const pairs = bothWayPairs(edges)
  const problems: string[] = []
  for (const [pair, [ab, ba]] of pairs)
    if (!tangled.includes(pair))
      problems.push(`${pair}: the folders now import each other (${ab.from} → ${ab.to}; ${ba.from} → ${ba.to})`)
  for (const pair of tangled)
    if (!pairs.has(pair))
      problems.push(`${pair}: no longer tangled — take it off TANGLED in scripts/check-folder-pairs.ts`)
  return problems
}

/** lib/'s value imports between files, as dependency-cruiser resolves them (the tsconfig's paths too). */
export async function libEdges(root: string): Promise<Edge[]> {
  const cwd = process.cwd()
  process.chdir(root)
  try {
    const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'))
    const reported = await cruise(['lib'], { ...options, validate: false }, undefined, {
      tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')),
    })
    const result = reported.output as ICruiseResult
    const test = /\.test\.tsx?$/
    return result.modules.flatMap((m) =>
      test.test(m.source)
        ? []
        : m.dependencies
            .filter((d) => !d.dependencyTypes.includes('type-only'))
            .map((d) => ({ from: m.source, to: d.resolved })),
    )
  } finally {
    process.chdir(cwd)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..')
  const problems = checkPairs(await libEdges(root))
  if (problems.length) {
    console.error(`✖ folders that import each other both ways:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    process.exit(1)
  }
  console.log(
    `✔ folder pairs: no new pair of lib/ folders imports each other both ways (${TANGLED.length} listed to untangle)`,
  )
}
