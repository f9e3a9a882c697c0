// `statistics=true` (administrators): storage figures. Nothing here stores repositories, artifacts,
// packages or uploads per group yet, so the sizes are the honest zeros of an empty group; the shape
// is GitLab's so clients can read it.
import type { Namespace } from '../db/generated/sqlite/client'

const ZERO_STATS = {
  storage_size: 0,
  repository_size: 0,
  wiki_size: 0,
  lfs_objects_size: 0,
  job_artifacts_size: 0,
  pipeline_artifacts_size: 0,
  packages_size: 0,
  snippets_size: 0,
  uploads_size: 0,
}

const ZERO_ROOT = {
  build_artifacts_size: 0,
  container_registry_size: 0,
  container_registry_size_is_estimated: false,
  dependency_proxy_size: 0,
  lfs_objects_size: 0,
  packages_size: 0,
  pipeline_artifacts_size: 0,
  repository_size: 0,
  snippets_size: 0,
  storage_size: 0,
  uploads_size: 0,
  wiki_size: 0,
}

export function groupStatistics(g: Namespace) {
  return g.parentId === null ? { statistics: { ...ZERO_STATS }, root_storage_statistics: { ...ZERO_ROOT } } : { statistics: { ...ZERO_STATS } }
}
