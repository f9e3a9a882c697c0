// Fixture kinds that need more than the API's JSON (an upload, rows the API makes only behind a
// setting or a provider) and kinds made by the queue's worker.
import { getDb } from '../../lib/db'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'
import { encryptSecret } from '../../lib/settings/secrets'
import { listOutbox } from '../../lib/mail/outbox'
import { api, ROOT_TOKEN, unique, until } from '../helpers'
import { serverUrl } from '../setup/server'
import { newEd25519Line } from '../ssh-key'
import { worldUserIds, type Subject } from './actors'
import { group, made, project, userJson, type Make } from './fixture-helpers'

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** Kinds that need more than the API's JSON: an upload, rows the API makes only behind a setting or a provider. */
export const UPLOAD_AND_ROW_FIXTURES = {
  /** The subject's group with an avatar (PUT /groups/:id, multipart). */
  group_avatar: async (s: Subject) => {
    const boundary = `----authz${unique('b')}`
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await fetch(`${await serverUrl()}/api/v4${group(s)}`, {
      method: 'PUT',
      headers: { 'PRIVATE-TOKEN': ROOT_TOKEN, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    if (res.status !== 200) throw new Error(`fixture group avatar: ${res.status} ${await res.text()}`)
    return {}
  },
  /**
   * A user with a group SAML identity (provider `group_saml`) of the subject's group: the API makes
   * identities only through a configured SAML provider's sign-in.
   */
  identity: async (s: Subject) => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    await (
      await getDb()
    ).identity.create({ data: { userId: u.id, groupId: s.group.id, provider: 'group_saml', externUid: unique('uid') } })
    return { id: String(u.id), provider: 'group_saml' }
  },
  /** An SSH key of the matrix's maintainer (`key_id`): its own key for GET/DELETE /user/keys/:key_id. */
  maintainer_key: async () => {
    const k = await made(
      'key',
      api('POST', `/users/${worldUserIds.maintainer}/keys`, {
        json: { title: unique('authz'), key: newEd25519Line() },
      }),
    )
    return { key_id: String(k.id) }
  },
  /**
   * A pending promotion of a new user to Developer of the subject's group (`id` the approval): the
   * API queues one only while enable_member_promotion_management is on, which would queue the other
   * rows' member adds too.
   */
  member_approval: async (s: Subject) => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    const a = await (
      await getDb()
    ).memberApproval.create({
      data: {
        sourceType: 'Namespace',
        sourceId: s.group.id,
        userId: u.id,
        accessLevel: 30,
        requestedById: null,
        status: 'pending',
      },
    })
    return { id: String(a.id) }
  },
  /**
   * An invitation's token (`token`), as its e-mail carries it (the outbox: no SMTP server in tests),
   * to a fresh top-level group: accepting it touches no actor's membership of the world's groups.
   */
  invitation: async () => {
    const path = unique('authz-inv')
    const g = await made('group', api('POST', '/groups', { json: { name: path, path, visibility: 'private' } }))
    const email = `${unique('authz-inv')}@example.com`
    const sent = await made(
      'invitation',
      api('POST', `/groups/${g.id}/invitations`, { json: { email, access_level: 30 } }),
    )
    if (sent.status !== 'success') throw new Error(`fixture invitation: ${JSON.stringify(sent)}`)
    const mail = await until(
      'the invitation e-mail',
      async () => (await listOutbox(0, 1000)).items.find((m) => m.to === email),
      (m) => m !== undefined,
    )
    const token = /\/-\/invites\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1]
    if (!token) throw new Error('fixture invitation: no link in the e-mail')
    return { token }
  },
  /**
   * A direct transfer's source and destination: this server (on loopback) with root's token as the
   * source, the subject's group as both the group to copy (`source_path`) and where it goes (`dest_path`).
   */
  bulk_import_source: async (s: Subject) => {
    const g = await made('group', api('GET', group(s)), 200)
    return { source_url: await serverUrl(), source_token: ROOT_TOKEN, source_path: g.full_path, dest_path: g.full_path }
  },
} satisfies Record<string, Make>

/**
 * The queue's worker runs only while an archive fixture waits for it (polled with a deadline): a
 * worker left running would write while a refused-write row takes its digests.
 */
let workerUsers = 0
async function withQueueWorker<T>(fn: () => Promise<T>): Promise<T> {
  if (workerUsers++ === 0) startQueueWorker({ pollMs: 50 })
  try {
    return await fn()
  } finally {
    if (--workerUsers === 0) await stopQueueWorker(5000)
  }
}

/** Kinds made by the queue's worker. */
export const QUEUE_FIXTURES = {
  /**
   * A migration of the matrix's maintainer with one entity (`import_id`, `entity_id`), as POST
   * /bulk_imports would record it; no task is queued, so nothing contacts its (unused) source.
   */
  maintainer_migration: async () => {
    const db = await getDb()
    const m = await db.bulkImport.create({
      data: {
        userId: worldUserIds.maintainer!,
        sourceUrl: 'http://127.0.0.1:9',
        tokenEnc: encryptSecret('authz-unused'),
      },
    })
    const e = await db.bulkImportEntity.create({
      data: {
        bulkImportId: m.id,
        sourceType: 'group_entity',
        sourceFullPath: 'authz/source',
        destinationSlug: unique('authz'),
      },
    })
    return { import_id: String(m.id), entity_id: String(e.id) }
  },
  /** The subject's top-level group (`id`): the credential inventory exists only there. */
  top_group: async (s: Subject) => ({ id: String(s.top.id) }),
  /**
   * A pending task far in the future (no worker claims it), of a kind no handler has: cancelling
   * it then enqueues no follow-up.
   */
  queued_task: async () => {
    const t = await (
      await getDb()
    ).queuedTask.create({ data: { kind: 'authz_fixture', runAt: new Date('2999-01-01T00:00:00Z') } })
    return { id: String(t.id) }
  },
  group_export: (s: Subject) =>
    withQueueWorker(async () => {
      await made('group export', api('POST', `${group(s)}/export`), 202)
      await until(
        'group export archive',
        () => api('GET', `${group(s)}/export/download`),
        (r) => r.status === 200,
        60_000,
      )
      return {}
    }),
  group_relations_export: (s: Subject) => relationsExport(group(s)),
  project_relations_export: (s: Subject) => relationsExport(project(s)),
} satisfies Record<string, Make>

function relationsExport(base: string): Promise<Record<string, string>> {
  return withQueueWorker(() => relationsExportRun(base))
}

async function relationsExportRun(base: string): Promise<Record<string, string>> {
  await made('relations export', api('POST', `${base}/export_relations`), 202)
  await until(
    'relations export',
    () => api('GET', `${base}/export_relations/status`, { query: { relation: 'self' } }),
    (r) => r.status === 200 && r.body[0]?.status === 1,
    60_000,
  )
  return {}
}
