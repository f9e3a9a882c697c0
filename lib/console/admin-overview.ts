// Admin → Overview's data: instance counts, version and database, the health of mail, the registry
// and background work, and the latest settings changes. None of it is in GitLab's REST API (GitLab
// renders its dashboard from models), so the page reads it here, after requireAdmin, through each
// domain's own count and health functions — the statements the usage data runs, one indexed
// COUNT each, all at once.
import { config } from '../config'
import { pingRegistry } from '../container-registry/client'
import { jobUsageCounts } from '../ci-jobs/usage-counts'
import { databaseEngine, type DatabaseEngine } from '../db'
import { groupUsageCounts } from '../groups/usage-counts'
import { pageWindow } from '../api/pagination'
import { mailDeliveryStats, outboxSize } from '../mail'
import { GITLAB_VERSION, revision } from '../meta/version'
import { projectUsageCounts } from '../projects/usage-counts'
import { queueHealthFacts } from '../queue/health'
import { runnerUsageCounts } from '../runners/usage-counts'
import { settingsHistory } from '../settings/service'
import { usersByIds } from '../users/find'
import { userUsageCounts } from '../users/usage-counts'
import { backgroundHealth, mailHealth, registryHealth, type Health } from './admin-health'

export type CountKey = 'users' | 'groups' | 'projects' | 'runners' | 'pendingJobs' | 'queuedTasks'
export interface OverviewCount {
  key: CountKey
  label: string
  value: number
  href: string
}

export type HealthKey = 'mail' | 'registry' | 'background'
export interface OverviewHealth extends Health {
  key: HealthKey
  label: string
  href: string | null
}

export interface SettingsChangeSummary {
  id: number
  at: string
  /** null: a change made without a user (start-up, a script); a deleted user keeps their id. */
  user: { id: number; username: string | null; name: string | null } | null
  keys: string[]
}

export interface AdminOverview {
  counts: OverviewCount[]
  version: { gitlab: string; revision: string }
  database: DatabaseEngine
  health: OverviewHealth[]
  settingsChanges: SettingsChangeSummary[]
}

async function recentSettingsChanges(limit: number): Promise<SettingsChangeSummary[]> {
  const page = await settingsHistory(pageWindow({ page: 1, per_page: limit }))
  const ids = [...new Set(page.items.flatMap((r) => (r.userId ? [r.userId] : [])))]
  const users = new Map((await usersByIds(ids)).map((u) => [u.id, u]))
  return page.items.map((r) => {
    const u = r.userId ? users.get(r.userId) : undefined
    return {
      id: r.id,
      at: r.createdAt.toISOString(),
      user: r.userId ? { id: r.userId, username: u?.username ?? null, name: u?.name ?? null } : null,
      keys: (JSON.parse(r.changes) as { key: string }[]).map((c) => c.key),
    }
  })
}

export async function adminOverview(opts: { settingsChanges?: number } = {}): Promise<AdminOverview> {
  const { registryApiUrl, smtpUrl } = config()
  const [users, groups, projects, runners, pendingJobs, queue, database, ping, outbox, settingsChanges] =
    await Promise.all([
      userUsageCounts.all.count(),
      groupUsageCounts.groups.count(),
      projectUsageCounts.all.count(),
      runnerUsageCounts.all.count(),
      jobUsageCounts.pending.count(),
      queueHealthFacts(),
      databaseEngine(),
      registryApiUrl ? pingRegistry() : null,
      smtpUrl ? 0 : outboxSize(),
      recentSettingsChanges(opts.settingsChanges ?? 5),
    ])
  return {
    counts: [
      { key: 'users', label: 'Users', value: users, href: '/admin/users' },
      { key: 'groups', label: 'Groups', value: groups, href: '/groups' },
      { key: 'projects', label: 'Projects', value: projects, href: '/projects' },
      { key: 'runners', label: 'Runners', value: runners, href: '/admin/runners' },
      { key: 'pendingJobs', label: 'Pending CI jobs', value: pendingJobs, href: '/admin/runners' },
      {
        key: 'queuedTasks',
        label: 'Queued background tasks',
        value: queue.pending,
        href: '/admin/background_tasks?status=pending',
      },
    ],
    version: { gitlab: GITLAB_VERSION, revision: revision() },
    database,
    health: [
      {
        key: 'mail',
        label: 'Mail',
        href: smtpUrl ? null : '/admin/outbox',
        ...mailHealth({ smtpConfigured: !!smtpUrl, outboxSize: outbox, deliveries: mailDeliveryStats() }),
      },
      { key: 'registry', label: 'Container registry', href: null, ...registryHealth(registryApiUrl, ping) },
      { key: 'background', label: 'Background work', href: '/admin/background_tasks', ...backgroundHealth(queue) },
    ],
    settingsChanges,
  }
}
