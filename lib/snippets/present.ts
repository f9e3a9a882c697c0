// The snippet list's page as the API shows it. Its entities are serialized once per write
// generation: building and stringifying 20 of them cost ≈ 40 µs each here.
import { jsonObject, JsonMembers } from '../api/json-fragment'
import { withItems, type PageWindow } from '../api/pagination'
import type { Actor } from '../auth/actor'
import { generationCache, writeGeneration } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { snippetEntity } from './entity'
import type { FileRef } from './git'
import { listSnippets, type SnippetWithAuthor } from './service'
import { headRefs } from './versions'

// The key holds what an entity depends on beyond the rows read under the generation it is kept
// for: the project's path, and whether the viewer sees the author's e-mail.
const snippetJson = generationCache<string, JsonMembers>('snippets.json')

/** A page of the project's snippets the actor may read, newest first. */
export async function listedSnippets(actor: Actor | null, project: ProjectWithNamespace, window: PageWindow) {
  // Taken before the rows are read, so nothing older is kept under a newer generation.
  const generation = writeGeneration()
  const page = await listSnippets(actor, project, window)
  const keyOf = (r: SnippetWithAuthor) =>
    `${r.id}:${project.fullPath}:${actor && (actor.user.admin || actor.user.id === r.authorId) ? 1 : 0}`
  const hits = page.items.map((r) => snippetJson.get(keyOf(r)))
  const missing = page.items.filter((_, i) => !hits[i])
  // Head versions of the misses in one query.
  const refs = missing.length ? await headRefs(missing) : new Map<number, FileRef[]>()
  return withItems(
    page,
    page.items.map((r, i) => {
      let members = hits[i]
      if (!members) {
        members = JsonMembers.of(snippetEntity(r, project.fullPath, refs.get(r.id) ?? [], actor))
        snippetJson.set(generation, keyOf(r), members)
      }
      return jsonObject(members)
    }),
  )
}
