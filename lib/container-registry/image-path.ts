// Which project an image path belongs to: the longest prefix of it that is a project's full path
// (GitLab's ContainerRegistry::Path#repository_project); the rest is the repository's name.
import type { ProjectWithNamespace } from '../projects/entity'
import { projectRow } from '../projects/find'
import { projectByLongestPath } from '../projects/lookup'

export async function projectOfImagePath(
  path: string,
): Promise<{ project: ProjectWithNamespace; name: string } | null> {
  const parts = path.split('/')
  const candidates = parts.slice(1).map((_, i) => parts.slice(0, i + 2).join('/'))
  const projectId = await projectByLongestPath(candidates)
  const project = projectId === null ? null : await projectRow(projectId)
  return project ? { project, name: path.slice(project.fullPathLower.length + 1) } : null
}
