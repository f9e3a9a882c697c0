// The migration bench (issue 13): two instances of the product on loopback with separate databases;
// the destination migrates seeded group trees from the source by direct transfer (POST
// /bulk_imports, then the destination's queue worker speaks the protocol to the source). A small
// tree first, then the full one: if peak memory does not grow with the tree, the two peaks are
// close. Reports wall time (request → migration finished), objects/s and each side's peak RSS.
import { rssMb } from './proc.mjs'

async function call(base, method, p, { token, json } = {}) {
  const res = await fetch(`${base}/api/v4${p}`, {
    method,
    headers: { 'PRIVATE-TOKEN': token, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
}

function must(r, status, what) {
  if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}

/** Samples both processes' RSS every 100 ms until stopped; returns each side's maximum. */
function rssSampler(pids) {
  const peak = Object.fromEntries(Object.keys(pids).map((k) => [k, 0]))
  const sample = () => {
    for (const [k, pid] of Object.entries(pids)) peak[k] = Math.max(peak[k], rssMb(pid) ?? 0)
  }
  sample()
  const timer = setInterval(sample, 100)
  return () => (clearInterval(timer), sample(), peak)
}

const sumImported = (entities) => {
  const out = {}
  for (const e of entities)
    for (const [rel, s] of Object.entries(e.stats ?? {})) out[rel] = (out[rel] ?? 0) + (s?.imported ?? 0)
  return out
}

async function allPages(base, token, p) {
  const out = []
  for (let page = 1; page;) {
    const r = await call(base, 'GET', `${p}${p.includes('?') ? '&' : '?'}per_page=100&page=${page}`, { token })
    out.push(...must(r, 200, `GET ${p}`))
    page = Number(r.headers.get('x-next-page') || 0)
  }
  return out
}

async function migrateTree({ source, destination, token, pids, tree, deadlineMs }) {
  const before = { source: rssMb(pids.source), destination: rssMb(pids.destination) }
  const stop = rssSampler(pids)
  const started = performance.now()
  const created = must(
    await call(destination, 'POST', '/bulk_imports', {
      token,
      json: {
        configuration: { url: source, access_token: token },
        entities: [
          {
            source_type: 'group_entity',
            source_full_path: tree.tree,
            destination_slug: tree.slug ?? tree.tree,
            destination_namespace: '',
          },
        ],
      },
    }),
    201,
    'POST /bulk_imports',
  )
  let migration
  for (const deadline = Date.now() + deadlineMs; ;) {
    migration = must(
      await call(destination, 'GET', `/bulk_imports/${created.id}`, { token }),
      200,
      'GET /bulk_imports/:id',
    )
    if (!['created', 'started'].includes(migration.status)) break
    if (Date.now() > deadline)
      throw new Error(`migration of ${tree.tree} still ${migration.status} after ${deadlineMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const wallMs = performance.now() - started
  const peak = stop()
  const entities = await allPages(destination, token, `/bulk_imports/${created.id}/entities`)
  const imported = sumImported(entities)
  const groups = entities.filter((e) => e.entity_type === 'group' && e.status === 'finished').length
  const projects = entities.filter((e) => e.entity_type === 'project' && e.status === 'finished').length
  const failures = entities.reduce((n, e) => n + (e.failures?.length ?? 0), 0)
  // Objects: what the destination created (groups, projects and every imported relation row).
  // (The `subgroups` and `projects` stats count entities found at the source, already counted above.)
  const objects =
    groups +
    projects +
    Object.entries(imported)
      .filter(([rel]) => rel !== 'subgroups' && rel !== 'projects')
      .reduce((a, [, n]) => a + n, 0)
  // Cross-check one figure through the destination's own API, not the migration's bookkeeping.
  const listed = await call(
    destination,
    'GET',
    `/groups/${encodeURIComponent(tree.slug ?? tree.tree)}/projects?include_subgroups=true&per_page=1`,
    { token },
  )
  return {
    tree: tree.tree,
    destination: tree.slug ?? tree.tree,
    status: migration.status,
    has_failures: migration.has_failures,
    failures,
    wall_ms: Math.round(wallMs),
    objects,
    objects_per_s: Math.round((objects / wallMs) * 1000 * 10) / 10,
    groups,
    projects,
    projects_per_destination_api: Number(listed.headers.get('x-total') ?? NaN),
    imported,
    expected: tree,
    rss_before_mb: before,
    peak_rss_mb: peak,
  }
}

export async function migrationBench({ source, destination, token, pids, trees, deadlineMs = 15 * 60_000 }) {
  must(
    await call(destination, 'PUT', '/application/settings', {
      token,
      json: { bulk_importing_enabled: true, allow_local_requests_from_web_hooks_and_services: true },
    }),
    200,
    'enable direct transfer',
  )
  const runs = []
  for (const tree of trees) runs.push(await migrateTree({ source, destination, token, pids, tree, deadlineMs }))
  return runs
}
