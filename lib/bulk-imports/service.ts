// Direct-transfer migrations into this instance (GitLab's BulkImports::CreateService and its
// finders): parameters are checked before any call to the source, then the source itself (version,
// token scope, the entities exist), then the destinations; the migration runs on the queue.
import { ApiError, forbidden, notFound, paramError } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import type { Actor } from '../auth/actor'
import { can } from '../auth/policy'
import { findManyKept, getDb, type Prisma } from '../db'
import type { BulkImport, BulkImportEntity, BulkImportFailure } from '../db'
import { groupSubject, loadGroup } from '../groups/find'
import { projectPathTaken } from '../projects/lookup'
import { enqueue } from '../queue/store'
import { currentSettings } from '../settings/service'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { SourceClient, SourceError } from './client'

export const STATUS = { created: 0, started: 1, finished: 2, timeout: 3, failed: -1, canceled: -2 } as const
export const STATUS_NAME: Record<number, string> = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [v, k]))

export interface EntityParams {
  source_type: 'group_entity' | 'project_entity'
  source_full_path: string
  destination_slug?: string
  destination_name?: string
  destination_namespace?: string
  migrate_projects?: boolean
  migrate_memberships?: boolean
}

const unprocessable = (message: string) => new ApiError(422, { message })

/** 404 for everyone while bulk_importing_enabled is off (GitLab gates the whole API). */
export async function requireEnabled(): Promise<void> {
  if (!(await currentSettings()).bulk_importing_enabled) throw notFound()
}

function checkParams(entities: EntityParams[]) {
  entities.forEach((e, i) => {
    if (
      /^[a-z]+:\/\//i.test(e.source_full_path) ||
      /^\d+$/.test(e.source_full_path) ||
      e.source_full_path.startsWith('/')
    )
      throw paramError(
        `entities[${i}][source_full_path] must be a relative path and not include protocol, sub-domain, or domain information. For example, 'source/full/path' not 'https://example.com/source/full/path'`,
      )
    const slug = e.destination_slug ?? e.destination_name
    if (!slug) throw paramError(`entities[${i}][destination_slug] is missing`)
    if (!/^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*$/.test(slug) || slug.endsWith('.git') || slug.endsWith('.atom'))
      throw paramError(
        `entities[${i}][destination_slug] cannot start with a non-alphanumeric character except for periods or underscores, can contain only alphanumeric characters, periods, and underscores, cannot end with a period or forward slash, and has no leading or trailing forward slashes`,
      )
  })
}

async function checkSource(client: SourceClient, entities: EntityParams[]): Promise<string> {
  const version = await client.get<{ version?: string }>('/version')
  if (version.status === 401 || version.status === 403)
    throw unprocessable(
      "Import failed. Personal access token does not have the required 'api' scope or is no longer valid.",
    )
  if (version.status !== 200 || !version.body?.version)
    throw unprocessable('Invalid source URL. Enter only the base URL of the source GitLab instance.')
  const major = Number(version.body.version.split('.')[0])
  if (!(major >= 14)) throw unprocessable('Unsupported GitLab version. Minimum supported version is 14.')
  const self = await client.get<{ scopes?: string[] }>('/personal_access_tokens/self')
  if (self.status === 200 && !(self.body?.scopes ?? []).includes('api'))
    throw unprocessable(
      "Import failed. Personal access token does not have the required 'api' scope or is no longer valid.",
    )
  for (const e of entities) {
    const kind = e.source_type === 'group_entity' ? 'groups' : 'projects'
    const found = await client.get(`/${kind}/${encodeURIComponent(e.source_full_path)}`)
    if (found.status !== 200)
      throw unprocessable(`Import failed. '${e.source_full_path}' not found or you don't have access to it.`)
  }
  return version.body.version
}

async function checkDestinations(actor: Actor, entities: EntityParams[]) {
  for (const e of entities) {
    const ns = e.destination_namespace ?? ''
    const invalid = () => unprocessable(`Import failed. Destination '${ns}' is invalid, or you don't have permission.`)
    // GitLab's BulkImports::CreateService: the destination must be free.
    const full = `${ns ? `${ns}/` : ''}${e.destination_slug ?? e.destination_name ?? ''}` // checkParams refused an entity with neither
    const taken = e.source_type === 'group_entity' ? await loadGroup(full) : await projectPathTaken(full)
    if (taken) throw unprocessable(`Import failed. '${full}' already exists. Change the destination and try again.`)
    if (!ns) {
      if (e.source_type === 'project_entity' || (!actor.user.admin && !actor.user.canCreateGroup)) throw invalid()
      continue
    }
    const group = await loadGroup(ns)
    if (!group) throw invalid()
    const ability = e.source_type === 'group_entity' ? 'create_subgroup' : 'create_projects'
    if (!(await can(actor, ability, groupSubject(group)))) throw invalid()
  }
}

export async function createMigration(
  actor: Actor,
  config: { url: string; access_token: string },
  entities: EntityParams[],
): Promise<BulkImport> {
  checkParams(entities)
  let url: URL
  try {
    url = new URL(config.url)
    if (url.pathname !== '/' && url.pathname !== '') throw new Error('path')
  } catch {
    throw unprocessable('Invalid source URL. Enter only the base URL of the source GitLab instance.')
  }
  const client = new SourceClient(url.origin, config.access_token)
  let version: string
  try {
    version = await checkSource(client, entities)
  } catch (e) {
    if (e instanceof SourceError) throw unprocessable(`Import failed. ${e.message}`)
    throw e
  }
  await checkDestinations(actor, entities)
  const db = await getDb()
  return db.$transaction(async (tx) => {
    const migration = await tx.bulkImport.create({
      data: {
        userId: actor.user.id,
        sourceUrl: url.origin,
        tokenEnc: encryptSecret(config.access_token),
        sourceVersion: version,
      },
    })
    for (const e of entities) {
      await tx.bulkImportEntity.create({
        data: {
          bulkImportId: migration.id,
          sourceType: e.source_type,
          sourceFullPath: e.source_full_path,
          destinationSlug: (e.destination_slug ?? e.destination_name)!,
          destinationName: e.destination_name ?? null,
          destinationNamespace: e.destination_namespace ?? '',
          migrateProjects: e.migrate_projects ?? true,
          migrateMemberships: e.migrate_memberships ?? true,
        },
      })
    }
    await enqueue('bulk_import', { bulkImportId: migration.id }, { createdById: actor.user.id }, tx)
    return migration
  })
}

export const tokenOf = (m: BulkImport) => decryptSecret(m.tokenEnc) ?? ''

/**
 * The caller's own migration, or 404 (GitLab's ImportsFinder is the user's bulk_imports: others'
 * migrations do not exist for you, an administrator's included).
 */
export async function findMigration(actor: Actor, id: number): Promise<BulkImport> {
  const db = await getDb()
  const m = await db.bulkImport.findUnique({ where: { id } })
  if (!m || m.userId !== actor.user.id) throw new ApiError(404, { message: '404 Not found' })
  return m
}

/**
 * The migration to cancel (lib/api/bulk_imports.rb cancel): any user's is found (404 only when there
 * is none); someone else's needs an administrator (authenticated_as_admin!: 403).
 */
export async function findMigrationToCancel(actor: Actor, id: number): Promise<BulkImport> {
  const db = await getDb()
  const m = await db.bulkImport.findUnique({ where: { id } })
  if (!m) throw notFound()
  if (m.userId !== actor.user.id && !actor.user.admin) throw forbidden()
  return m
}

const statusWhere = (status?: string) => (status ? { status: STATUS[status as keyof typeof STATUS] } : {})

export async function listMigrations(
  actor: Actor,
  params: { status?: string; sort?: 'asc' | 'desc' },
  window: PageWindow,
) {
  const where: Prisma.BulkImportWhereInput = { userId: actor.user.id, ...statusWhere(params.status) }
  return offsetList(
    'bulkImport',
    where,
    window,
    findManyKept('BulkImport', { where, orderBy: { id: params.sort ?? 'desc' }, skip: window.skip, take: window.take }),
  )
}

export type EntityWithFailures = BulkImportEntity & { failures: BulkImportFailure[] }

export async function listEntities(
  actor: Actor,
  params: { status?: string; sort?: 'asc' | 'desc' },
  window: PageWindow,
  migrationId?: number,
) {
  const db = await getDb()
  const where: Prisma.BulkImportEntityWhereInput = {
    bulkImport: { userId: actor.user.id },
    ...(migrationId ? { bulkImportId: migrationId } : {}),
    ...statusWhere(params.status),
  }
  return offsetList(
    'bulkImportEntity',
    where,
    window,
    db.bulkImportEntity.findMany({
      where,
      include: { failures: true },
      orderBy: { id: params.sort ?? 'desc' },
      skip: window.skip,
      take: window.take,
    }),
  )
}

export async function findEntity(migration: BulkImport, id: number): Promise<EntityWithFailures> {
  const db = await getDb()
  const e = await db.bulkImportEntity.findFirst({
    where: { id, bulkImportId: migration.id },
    include: { failures: true },
  })
  if (!e) throw new ApiError(404, { message: '404 Not found' })
  return e
}

/** Cancel from any state: unfinished entities are canceled; the running task stops at its next step. */
export async function cancelMigration(migration: BulkImport): Promise<BulkImport> {
  const db = await getDb()
  return db.$transaction(async (tx) => {
    await tx.bulkImportEntity.updateMany({
      where: { bulkImportId: migration.id, status: { in: [STATUS.created, STATUS.started] } },
      data: { status: STATUS.canceled },
    })
    return tx.bulkImport.update({ where: { id: migration.id }, data: { status: STATUS.canceled } })
  })
}
