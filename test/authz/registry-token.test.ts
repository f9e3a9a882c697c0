// The authorization matrix's cells for the registry's token server, `GET /jwt/auth` (issue 34 §2):
// every actor (its token as the Basic password, anonymous without credentials) × the visibility of
// the project whose repository it asks `pull,push,delete` on. The answer comes from
// gitlab-rules.yaml's `registry_token` (test/authz/registry-token-rules.ts); the granted actions
// are read from the JWT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverUrl } from '../setup/server'
import { buildWorld, tokenOf, type World } from './actors'
import { expectedRegistryCell, REGISTRY_ACTORS } from './registry-token-rules'
import { loadRules, VISIBILITIES, type AnyActor, type Visibility } from './rules'

const rules = loadRules()
const t = rules.registry_token
let world: World
const report = { cells: 0, passed: 0, na: 0 }

beforeAll(async () => {
  world = await buildWorld()
}, 120_000)

afterAll(() => {
  console.log(
    `registry token server (${t.route}): ${report.cells} cells (actors × visibilities), ${report.passed} passing, n/a ${report.na}`,
  )
})

interface Access {
  type: string
  name: string
  actions: string[]
}
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { access: Access[] }

async function ask(actor: AnyActor, v: Visibility) {
  const path = world.subjects[v].project.path_with_namespace.toLowerCase()
  const token = tokenOf(world, actor, v)
  const headers: Record<string, string> = token
    ? { Authorization: `Basic ${Buffer.from(`authz:${token}`).toString('base64')}` }
    : {}
  const query = new URLSearchParams({ service: 'container_registry', scope: `repository:${path}:pull,push,delete` })
  const res = await fetch(`${await serverUrl()}/jwt/auth?${query.toString()}`, { headers })
  return { path, status: res.status, body: (await res.json()) as unknown }
}

describe(t.route, () => {
  for (const actor of REGISTRY_ACTORS)
    for (const v of VISIBILITIES) {
      if (t.na?.[actor]) {
        report.na++
        continue
      }
      const cell = expectedRegistryCell(rules, actor, v)
      report.cells++
      it(`${actor} × ${v} → ${cell.expected.status}${cell.actions ? ` [${cell.actions.join(',')}]` : ''}`, async () => {
        const got = await ask(actor, v)
        expect(got.status).toBe(cell.expected.status)
        if (cell.expected.body !== undefined) expect(got.body).toEqual(cell.expected.body)
        if (cell.actions) {
          const access = claimsOf((got.body as { token: string }).token).access
          const granted = access.find((a) => a.type === 'repository' && a.name === got.path)?.actions ?? []
          expect([...granted].sort()).toEqual([...cell.actions].sort())
          expect(access.filter((a) => a.name !== got.path)).toEqual([])
        }
        report.passed++
      })
    }
})
