// Schedule validations in GitLab's model-error shape (the wording for cron), and ref
// expansion: a short name becomes refs/heads/x or refs/tags/x, unless both or neither exist.
import { validation } from '../api/errors'
import { findRef } from '../repository/refs'
import { nextRuns } from './cron'
import { resolveTimeZone } from './timezones'

export function checkCadence(cron: string, timeZone: string): Date {
  const errors: Record<string, string[]> = {}
  if (!resolveTimeZone(timeZone)) errors.cron_timezone = ['syntax is invalid']
  const [next] = nextRuns(cron, resolveTimeZone(timeZone) ? timeZone : 'UTC', new Date())
  if (!next) errors.cron = ['syntax is invalid']
  if (!next || Object.keys(errors).length) throw validation(errors)
  return next
}

export async function expandRef(projectId: number, ref: string): Promise<string> {
  if (!ref.trim()) throw validation({ ref: ["can't be blank"] })
  if (ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/')) return ref
  const [branch, tag] = await Promise.all([findRef(projectId, 'branch', ref), findRef(projectId, 'tag', ref)])
  if (branch && !tag) return `refs/heads/${ref}`
  if (tag && !branch) return `refs/tags/${ref}`
  throw validation({ ref: ['is ambiguous'] })
}

const KEY = /^[A-Za-z0-9_]+$/
export function checkVariableKey(key: string): void {
  if (!key) throw validation({ key: ["can't be blank"] })
  if (key.length > 255) throw validation({ key: ['is too long (maximum is 255 characters)'] })
  if (!KEY.test(key)) throw validation({ key: ["can contain only letters, digits and '_'."] })
}
