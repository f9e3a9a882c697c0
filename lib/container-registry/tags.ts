// A repository's tags as the API shows them: names from the registry's tag list, details from the
// tag's manifest and image config. With no registry configured a repository has no tags.
import { config } from '../config'
import { must } from '../util/defined'
import { keysetPage, offsetPage, type Page, type PageWindow } from '../api/pagination'
import {
  MANIFEST_TYPES,
  configBlob,
  deleteManifest,
  manifestOf,
  putManifest,
  registryConfigured,
  tagNames,
  uploadBlob,
  compareNames,
} from './client'
import type { TagDetailJson, TagJson } from './schema'

export interface TagInfo {
  name: string
  digest: string | null
  configDigest: string | null
  createdAt: Date | null
  totalSize: number | null
}

export const allTags = async (path: string): Promise<string[]> => (registryConfigured() ? tagNames(path) : [])

export function tagJson(path: string, name: string): TagJson {
  const host = config().registryHost ?? config().externalHost
  return { name, path: `${path}:${name}`, location: `${host}/${path}:${name}` }
}

/** Offset pages (sorted by name; X-Total is the tag count) or keyset pages by name with `last`. */
export async function tagsPage(
  path: string,
  window: PageWindow,
  keyset: { sort: 'asc' | 'desc'; last?: string } | null,
): Promise<Page<string>> {
  const names = await allTags(path)
  if (!keyset) return offsetPage(names.slice(window.skip, window.skip + window.take), names.length, window)
  const ordered = keyset.sort === 'asc' ? names : [...names].reverse()
  const after = keyset.last
  const start =
    after === undefined
      ? 0
      : ordered.findIndex((n) => (keyset.sort === 'asc' ? compareNames(n, after) > 0 : compareNames(n, after) < 0))
  const items = start < 0 ? [] : ordered.slice(start, start + window.take)
  const more = start >= 0 && start + window.take < ordered.length
  const lastItem = items.at(-1)
  return keysetPage(items, more && lastItem !== undefined ? { last: lastItem } : null)
}

/** What the registry knows of one tag, or null when the repository has no such tag. */
export async function tagInfo(path: string, name: string): Promise<TagInfo | null> {
  if (!registryConfigured()) return null
  const read = await manifestOf(path, name)
  if (!read) return null
  const { manifest } = read
  // A multi-platform index has no single config or size (GitLab shows none either).
  if (!manifest.config) return { name, digest: read.digest, configDigest: null, createdAt: null, totalSize: null }
  const image = await configBlob(path, manifest.config.digest)
  const created = image?.created ? new Date(image.created) : null
  return {
    name,
    digest: read.digest,
    configDigest: manifest.config.digest,
    createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
    totalSize: (manifest.layers ?? []).reduce((sum, l) => sum + l.size, 0),
  }
}

export function tagDetailJson(path: string, info: TagInfo): TagDetailJson {
  const revision = info.configDigest ? info.configDigest.replace(/^sha256:/, '') : null
  return Object.assign(tagJson(path, info.name), {
    revision,
    short_revision: revision ? revision.slice(0, 9) : null,
    digest: info.digest,
    created_at: info.createdAt ? info.createdAt.toISOString() : null,
    total_size: info.totalSize,
  })
}

/**
 * Removes tags without touching other tags on the same manifests (GitLab's ThirdParty
 * DeleteTagsService): every doomed tag is pointed at one dummy image, then that dummy manifest is
 * deleted by digest, which untags all of them at once. Blobs stay (garbage collection is the
 * registry's). Returns the tags that were removed.
 */
export async function deleteTags(
  path: string,
  names: readonly string[],
  onProgress?: (done: number) => Promise<void>,
): Promise<string[]> {
  if (!names.length) return []
  const imageConfig = Buffer.from(JSON.stringify({ config: {} }, null, 2))
  const configDigest = await uploadBlob(path, imageConfig)
  const dummy = JSON.stringify({
    schemaVersion: 2,
    mediaType: MANIFEST_TYPES.dockerV2,
    config: {
      mediaType: 'application/vnd.docker.container.image.v1+json',
      size: imageConfig.length,
      digest: configDigest,
    },
    layers: [],
  })
  const replaced: string[] = []
  let dummyDigest: string | null = null
  const BATCH = 100
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH)
    const results = await Promise.allSettled(
      batch.map((name) => putManifest(path, name, dummy, MANIFEST_TYPES.dockerV2)),
    )
    for (const [j, r] of results.entries()) {
      if (r.status !== 'fulfilled') continue
      dummyDigest = r.value
      replaced.push(must(batch[j], 'tag of the batch'))
    }
    await onProgress?.(Math.min(i + BATCH, names.length))
  }
  if (dummyDigest) await deleteManifest(path, dummyDigest)
  return replaced
}
