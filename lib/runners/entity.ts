// GitLab's runner entities: Entities::Ci::Runner in lists, RunnerDetails for one runner,
// RunnerManager, RunnerRegistrationDetails and ResetTokenResult. Lists are presented from rows
// plus two batched lookups (creators, runners with a running job), never one query per runner.
import type { Namespace, Runner, RunnerManager, User } from '../db'
import { groupWebUrl } from '../groups/entity'
import { projectSimple, type ProjectWithNamespace } from '../projects/entity'
import { userBasic } from '../users/entity'
import type { ResetTokenJson, RunnerDetailJson, RunnerJson, RunnerManagerJson, RunnerRegistrationJson } from './schema'
import { isOnline, restStatus, runnerStatus } from './status'
import { isoOrNull as iso, isoTime } from '../api/time'

export interface RunnerExtras {
  creators: Map<number, User>
  busy: Set<number>
}

export const tagsOf = (r: Pick<Runner, 'tagList'>): string[] => {
  try {
    return JSON.parse(r.tagList) as string[]
  } catch {
    return []
  }
}

export function runnerEntity(r: Runner, extras: RunnerExtras): RunnerJson {
  const creator = r.creatorId ? extras.creators.get(r.creatorId) : undefined
  return {
    id: r.id,
    description: r.description,
    // GitLab stopped exposing runner IPs here in 17.0: always an empty string (the spec).
    ip_address: '',
    active: !r.paused,
    paused: r.paused,
    is_shared: r.runnerType === 'instance_type',
    runner_type: r.runnerType,
    name: r.name,
    online: isOnline(r),
    // Undefined: the key is left out of the JSON when the creator is unknown.
    created_by: creator ? userBasic(creator) : undefined,
    created_at: isoTime(r.createdAt),
    status: restStatus(r),
    job_execution_status: extras.busy.has(r.id) ? 'active' : 'idle',
  }
}

export interface DetailExtras extends RunnerExtras {
  projects: ProjectWithNamespace[]
  groups: Namespace[]
  latestManager: RunnerManager | null
  /** maintenance_note is shown to whoever may update the runner. */
  canUpdate: boolean
}

export function runnerDetails(r: Runner, extras: DetailExtras): RunnerDetailJson {
  const m = extras.latestManager
  return Object.assign(runnerEntity(r, extras), {
    tag_list: tagsOf(r),
    run_untagged: r.runUntagged,
    locked: r.locked,
    maximum_timeout: r.maximumTimeout,
    access_level: r.accessLevel,
    version: m?.version ?? r.version ?? null,
    revision: m?.revision ?? r.revision ?? null,
    platform: m?.platform ?? r.platform ?? null,
    architecture: m?.architecture ?? r.architecture ?? null,
    contacted_at: iso(r.contactedAt),
    maintenance_note: extras.canUpdate ? r.maintenanceNote || null : null,
    projects: extras.projects.map(projectSimple),
    groups: extras.groups.map((g) => ({ id: g.id, web_url: groupWebUrl(g.fullPath), name: g.name })),
  })
}

export function managerEntity(m: RunnerManager, busy: boolean): RunnerManagerJson {
  return {
    id: m.id,
    system_id: m.systemId,
    version: m.version,
    revision: m.revision,
    platform: m.platform,
    architecture: m.architecture,
    created_at: isoTime(m.createdAt),
    contacted_at: iso(m.contactedAt),
    ip_address: m.ipAddress,
    status: runnerStatus(m),
    job_execution_status: busy ? 'active' : 'idle',
  }
}

export const registrationDetails = (
  r: Pick<Runner, 'id' | 'tokenExpiresAt'>,
  token: string,
): RunnerRegistrationJson => ({
  id: r.id,
  token,
  token_expires_at: iso(r.tokenExpiresAt),
})
export const resetTokenResult = (token: string, expiresAt: Date | null = null): ResetTokenJson => ({
  token,
  token_expires_at: iso(expiresAt),
})
