// The cleanup form's values and the call parameters they become (the preview and the bulk deletion
// take the same ones: DELETE and GET both send them in the query).
import type { ParamsOf } from '@/lib/api/endpoint'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export const CLEANUP_FIELDS = ['name_regex_delete', 'name_regex_keep', 'keep_n', 'older_than'] as const
export type CleanupField = (typeof CLEANUP_FIELDS)[number]
export type CleanupValues = Record<CleanupField, string>
export type CleanupErrors = Partial<Record<CleanupField | 'root', string>>

export const EMPTY_CLEANUP: CleanupValues = { name_regex_delete: '', name_regex_keep: '', keep_n: '', older_than: '' }

type CleanupParams = ParamsOf<typeof endpoints.containerRegistry.bulkDelete>

/** Blank optional fields are left out, as GitLab's own form does; keep_n goes as typed, for the API to judge. */
export function cleanupParams(projectId: number, repositoryId: number, v: CleanupValues): CleanupParams {
  return {
    id: projectId,
    repository_id: repositoryId,
    name_regex_delete: v.name_regex_delete,
    name_regex_keep: v.name_regex_keep || undefined,
    keep_n: v.keep_n.trim() || undefined,
    older_than: v.older_than.trim() || undefined,
  }
}
