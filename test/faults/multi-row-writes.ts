// The clients of multi-row-kill.test.ts: each drives one multi-row write in a loop, remembers what
// was acknowledged (2xx) and what was in flight when the connection broke (the kill), and checks
// against the database that every acknowledged write is there and the one in flight is whole or
// absent. A client stops at its first connection error: the process is gone.
import type { OwnDatabase } from './own-database'

interface Answer {
  status: number
  body: unknown
  text: string
}

export interface Clients {
  setUp: (url: string) => Promise<void>
  /** Runs every client until the process dies; resolves with how many requests were in flight then. */
  run: (url: string) => Promise<number>
  acknowledged: () => number
  /** Answers no client may get: 5xx, and 4xx to writes that are valid. */
  failures: () => string[]
  lostWrites: () => Promise<string[]>
  summary: () => string
}

// Many keys, none that changes what the other clients do: the wider the PUT, the likelier the kill
// lands inside it.
const SETTING_INTS = [
  'ci_max_includes',
  'helm_max_packages_count',
  'package_registry_cleanup_policies_worker_capacity',
  'container_registry_expiration_policies_worker_capacity',
  'container_registry_cleanup_tags_service_max_list_size',
  'push_event_hooks_limit',
  'push_event_activities_limit',
  'polling_interval_multiplier',
  'local_markdown_version',
  'concurrent_github_import_jobs_limit',
  'concurrent_bitbucket_import_jobs_limit',
  'concurrent_bitbucket_server_import_jobs_limit',
  'project_export_limit',
  'project_import_limit',
  'project_download_export_limit',
  'group_import_limit',
  'group_download_export_limit',
  'max_pages_size',
  'terminal_max_session_time',
  'max_export_size',
  'max_attachment_size',
]
const SETTING_TEXTS = [
  'after_sign_up_text',
  'help_page_text',
  'sign_in_text',
  'security_txt_content',
  'shared_runners_text',
]
const EPIC_LINKS = 8

export async function multiRowClients(db: OwnDatabase, token: string): Promise<Clients> {
  let base = ''
  const failures: string[] = []
  const counts = { settings: 0, moves: 0, renames: 0, groups: 0, projects: 0, issues: 0, assignments: 0, epics: 0 }
  const acknowledged = () => Object.values(counts).reduce((a, b) => a + b, 0)

  async function send(method: string, path: string, json?: unknown): Promise<Answer> {
    try {
      const res = await fetch(`${base}/api/v4${path}`, {
        method,
        headers: { 'PRIVATE-TOKEN': token, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(30_000),
      })
      const text = await res.text()
      let body: unknown = null
      try {
        body = JSON.parse(text)
      } catch {
        body = null
      }
      return { status: res.status, body, text }
    } catch (e) {
      return { status: 0, body: null, text: String(e) }
    }
  }
  /** The answer, or null for a broken connection; any other status is a failure. */
  async function write(
    what: string,
    method: string,
    path: string,
    json: unknown,
    expected: number,
  ): Promise<Answer | null> {
    const r = await send(method, path, json)
    if (r.status === 0) return null
    if (r.status !== expected) failures.push(`${what}: ${r.status} ${r.text.slice(0, 300)}`)
    return r
  }
  const must = async (method: string, path: string, json: unknown, expected: number) => {
    const r = await send(method, path, json)
    if (r.status !== expected) throw new Error(`set-up ${method} ${path}: ${r.status} ${r.text.slice(0, 500)}`)
    return r.body as Record<string, unknown>
  }

  // What each client knows; `inFlight` is the write sent but unanswered when the process died.
  const settings = { acked: 0, next: 1, inFlight: null as number | null }
  const parent = { id: 0, path: '', acked: 0, inFlight: null as string | null, oldPaths: [] as string[] }
  const epic = {
    groupId: 0,
    projectId: 0,
    moving: 0,
    assigning: 0,
    order: [] as number[],
    inFlight: null as number[] | null,
  }
  const created = {
    groups: [] as string[],
    projects: [] as string[],
    issues: new Map<number, number>(),
    assigned: new Set<number>(),
    epics: new Map<number, number>(),
  }
  let unique = 0
  const name = (what: string) => `mr-${what}-${Date.now().toString(36)}-${unique++}`

  const settingsBody = (n: number) =>
    Object.fromEntries([...SETTING_INTS.map((k) => [k, 1000 + n]), ...SETTING_TEXTS.map((k) => [k, `multi-row ${n}`])])
  /** The list after moving its last link between its first two. */
  const moved = (order: number[]) => [order[0]!, order[order.length - 1]!, ...order.slice(1, -1)]

  const clients: Record<string, () => Promise<boolean>> = {
    settings: async () => {
      const n = settings.next++
      settings.inFlight = n
      const r = await write('PUT /application/settings', 'PUT', '/application/settings', settingsBody(n), 200)
      if (!r) return false
      settings.inFlight = null
      if (r.status === 200) {
        settings.acked = n
        counts.settings++
      }
      return true
    },
    rebalance: async () => {
      const order = epic.order
      epic.inFlight = moved(order)
      const body = { move_before_id: order[0], move_after_id: order[1] }
      const r = await write(
        'PUT epic issue',
        'PUT',
        `/groups/${epic.groupId}/epics/${epic.moving}/issues/${order[order.length - 1]}`,
        body,
        200,
      )
      if (!r) return false
      epic.inFlight = null
      if (r.status === 200) {
        epic.order = (r.body as { epic_issue_id: number }[]).map((i) => i.epic_issue_id)
        counts.moves++
      }
      return true
    },
    rename: async () => {
      const next = name('parent')
      parent.inFlight = next
      const r = await write('PUT /groups/:id (path)', 'PUT', `/groups/${parent.id}`, { path: next, name: next }, 200)
      if (!r) return false
      parent.inFlight = null
      if (r.status === 200) {
        parent.oldPaths.push(parent.path)
        parent.path = next
        counts.renames++
      }
      return true
    },
    group: async () => {
      const p = name('group')
      const r = await write('POST /groups', 'POST', '/groups', { name: p, path: p }, 201)
      if (!r) return false
      if (r.status !== 201) return true
      created.groups.push(p)
      counts.groups++
      if (counts.groups % 3 !== 0) return true
      const q = await write(
        'POST /projects',
        'POST',
        '/projects',
        { name: 'p', path: 'p', namespace_id: (r.body as { id: number }).id },
        201,
      )
      if (!q) return false
      if (q.status === 201) {
        created.projects.push(`${p}/p`)
        counts.projects++
      }
      return true
    },
    issue: async () => {
      const r = await write('POST issue', 'POST', `/projects/${epic.projectId}/issues`, { title: name('issue') }, 201)
      if (!r) return false
      if (r.status !== 201) return true
      const { id, iid } = r.body as { id: number; iid: number }
      created.issues.set(id, iid)
      counts.issues++
      const a = await write(
        'POST epic issue',
        'POST',
        `/groups/${epic.groupId}/epics/${epic.assigning}/issues/${id}`,
        undefined,
        201,
      )
      if (!a) return false
      if (a.status === 201) {
        created.assigned.add(id)
        counts.assignments++
      }
      return true
    },
    epic: async () => {
      const r = await write('POST epic', 'POST', `/groups/${epic.groupId}/epics`, { title: name('epic') }, 201)
      if (!r) return false
      if (r.status === 201) {
        const { id, iid } = r.body as { id: number; iid: number }
        created.epics.set(id, iid)
        counts.epics++
      }
      return true
    },
  }
  const running = ['settings', 'rebalance', 'rename', 'group', 'group', 'issue', 'issue', 'epic']

  async function lostWrites(): Promise<string[]> {
    const lost: string[] = []
    // Settings: every key from one PUT, the last acknowledged or the one in flight.
    const rows = await db.query<{ key: string; value: string }>(
      `SELECT "key", "value" FROM "ApplicationSetting" WHERE "key" IN (${[...SETTING_INTS, ...SETTING_TEXTS].map(() => '?').join(', ')})`,
      [...SETTING_INTS, ...SETTING_TEXTS],
    )
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]))
    const candidates = [settings.acked, settings.inFlight].filter((n): n is number => n !== null && n > 0)
    const whole = candidates.find(
      (n) => JSON.stringify(Object.entries(settingsBody(n)).sort()) === JSON.stringify(Object.entries(stored).sort()),
    )
    if ((settings.acked > 0 || rows.length > 0) && whole === undefined)
      lost.push(
        `settings: stored ${JSON.stringify(stored)}, acknowledged ${settings.acked}, in flight ${settings.inFlight}`,
      )
    if (whole !== undefined) {
      const [history] = await db.query<{ changes: string }>(
        `SELECT "changes" FROM "ApplicationSettingChange" ORDER BY "id" DESC LIMIT 1`,
      )
      const last = Object.fromEntries(
        (JSON.parse(history?.changes ?? '[]') as { key: string; to: unknown }[]).map((c) => [c.key, c.to]),
      )
      if (JSON.stringify(Object.entries(last).sort()) !== JSON.stringify(Object.entries(settingsBody(whole)).sort()))
        lost.push(`settings history: last change ${history?.changes}, stored ${whole}`)
      settings.acked = whole
      settings.inFlight = null
    }
    // The epic's list: the order acknowledged last, or the one after the move in flight.
    const links = await db.query<{ id: number }>(
      `SELECT l."id" FROM "WorkItemParentLink" l JOIN "Epic" e ON e."id" = l."parentId" WHERE e."groupId" = ? AND e."iid" = ? ORDER BY l."relativePosition", l."id"`,
      [epic.groupId, epic.moving],
    )
    const order = links.map((l) => l.id)
    if (JSON.stringify(order) !== JSON.stringify(epic.order) && JSON.stringify(order) !== JSON.stringify(epic.inFlight))
      lost.push(
        `epic list: ${JSON.stringify(order)}, acknowledged ${JSON.stringify(epic.order)}, in flight ${JSON.stringify(epic.inFlight)}`,
      )
    epic.order = order
    epic.inFlight = null
    // The renamed group: the path acknowledged last or the one in flight, every old path redirected.
    const [p] = await db.query<{ path: string }>(`SELECT "path" FROM "Namespace" WHERE "id" = ?`, [parent.id])
    if (p?.path !== parent.path && p?.path !== parent.inFlight)
      lost.push(`renamed group: path ${p?.path}, acknowledged ${parent.path}, in flight ${parent.inFlight}`)
    if (p && p.path === parent.inFlight) {
      parent.oldPaths.push(parent.path)
      parent.path = p.path
    }
    parent.inFlight = null
    const redirects = new Set(
      (
        await db.query<{ pathLower: string }>(
          `SELECT "pathLower" FROM "RedirectRoute" WHERE "sourceType" = 'Namespace' AND "sourceId" = ?`,
          [parent.id],
        )
      ).map((r) => r.pathLower),
    )
    for (const old of parent.oldPaths)
      if (!redirects.has(old.toLowerCase())) lost.push(`renamed group: no redirect from ${old}`)
    // Created rows: every acknowledged one there, with the iid it was given.
    const groups = new Set(
      (await db.query<{ fullPath: string }>(`SELECT "fullPath" FROM "Namespace" WHERE "kind" = 'group'`)).map(
        (r) => r.fullPath,
      ),
    )
    for (const g of created.groups) if (!groups.has(g)) lost.push(`group ${g}`)
    const projects = new Set(
      (await db.query<{ fullPath: string }>(`SELECT "fullPath" FROM "Project"`)).map((r) => r.fullPath),
    )
    for (const pr of created.projects) if (!projects.has(pr)) lost.push(`project ${pr}`)
    const issues = new Map(
      (await db.query<{ id: number; iid: number }>(`SELECT "id", "iid" FROM "Issue"`)).map((r) => [r.id, r.iid]),
    )
    for (const [id, iid] of created.issues)
      if (issues.get(id) !== iid) lost.push(`issue ${id} (iid ${iid}): ${issues.get(id)}`)
    const assigning = new Set(
      (
        await db.query<{ childId: number }>(
          `SELECT l."childId" FROM "WorkItemParentLink" l JOIN "Epic" e ON e."id" = l."parentId" WHERE e."groupId" = ? AND e."iid" = ?`,
          [epic.groupId, epic.assigning],
        )
      ).map((r) => r.childId),
    )
    for (const id of created.assigned) if (!assigning.has(id)) lost.push(`assignment of issue ${id}`)
    const epics = new Map(
      (await db.query<{ id: number; iid: number }>(`SELECT "id", "iid" FROM "Epic"`)).map((r) => [r.id, r.iid]),
    )
    for (const [id, iid] of created.epics)
      if (epics.get(id) !== iid) lost.push(`epic ${id} (iid ${iid}): ${epics.get(id)}`)
    return lost
  }

  return {
    setUp: async (url) => {
      base = url
      const top = await must('POST', '/groups', { name: 'mr-parent', path: 'mr-parent' }, 201)
      parent.id = top.id as number
      parent.path = 'mr-parent'
      for (const sub of ['sub-a', 'sub-b']) {
        const s = await must('POST', '/groups', { name: sub, path: sub, parent_id: parent.id }, 201)
        await must('POST', '/groups', { name: 'deeper', path: 'deeper', parent_id: s.id }, 201)
        await must('POST', '/projects', { name: 'p', path: 'p', namespace_id: s.id }, 201)
      }
      await must('POST', '/projects', { name: 'p', path: 'p', namespace_id: parent.id }, 201)
      const g = await must('POST', '/groups', { name: 'mr-epics', path: 'mr-epics' }, 201)
      epic.groupId = g.id as number
      epic.projectId = (await must('POST', '/projects', { name: 'p', path: 'p', namespace_id: epic.groupId }, 201))
        .id as number
      epic.moving = (await must('POST', `/groups/${epic.groupId}/epics`, { title: 'moving' }, 201)).iid as number
      epic.assigning = (await must('POST', `/groups/${epic.groupId}/epics`, { title: 'assigning' }, 201)).iid as number
      for (let i = 0; i < EPIC_LINKS; i++) {
        const issue = await must('POST', `/projects/${epic.projectId}/issues`, { title: `moved ${i}` }, 201)
        const link = await must(
          'POST',
          `/groups/${epic.groupId}/epics/${epic.moving}/issues/${issue.id as number}`,
          undefined,
          201,
        )
        epic.order.unshift(link.id as number)
      }
    },
    run: async (url) => {
      base = url
      let inFlight = 0
      await Promise.all(
        running.map(async (kind) => {
          while (failures.length === 0 && (await clients[kind]!())) {
            // next write
          }
          if (failures.length === 0) inFlight++
        }),
      )
      return inFlight
    },
    acknowledged,
    failures: () => failures,
    lostWrites,
    summary: () =>
      Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
  }
}
