// Fixture kinds of the container registry rows: an image pushed (as root, through /jwt/auth) to the
// run's real docker-registry (test/setup/global.ts starts it) under the subject's project.
import { ROOT_TOKEN, unique } from '../helpers'
import { push, repoId } from '../registry/api'
import type { Subject } from './actors'
import type { Make } from './fixture-helpers'

const root = { username: 'root', token: ROOT_TOKEN } as Parameters<typeof push>[0]

/**
 * A repository of its own below the subject's project (a unique name, so deleting it touches no
 * other cell's) with two tags: `repository_id`, `tag_name` (the unique one).
 */
async function image(s: Subject): Promise<Record<string, string>> {
  const name = unique('img')
  const tag = unique('t')
  await push(root, `${s.project.path_with_namespace}/${name}`, ['latest', tag])
  return { repository_id: String(await repoId(s.project.id, name)), tag_name: tag }
}

export const REGISTRY_FIXTURES = {
  image,
  /** The same, its id as `id` (GET /registry/repositories/:id: the repository is the path's subject). */
  repository: async (s: Subject) => ({ id: (await image(s)).repository_id! }),
} satisfies Record<string, Make>
