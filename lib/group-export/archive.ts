// GitLab's NDJSON group export archive (Gitlab::ImportExport::Group::TreeSaver, format 0.2.4):
//   VERSION, GITLAB_VERSION, tree/groups/_all.ndjson (the ids of the exported groups, parents
//   first), tree/groups/<id>.json (attributes), tree/groups/<id>/<relation>.ndjson — packed as
//   tar.gz with the `tar` package.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Actor } from '../auth/actor'
import type { Namespace } from '../db'
import { GITLAB_VERSION } from '../meta/version'
import { groupSelf, members } from '../relation-exports/relations'

export const EXPORT_VERSION = '0.2.4'
/** Relations GitLab's group export writes; the ones this product has nothing for are empty files. */
const EMPTY_RELATIONS = ['labels', 'milestones', 'badges', 'boards']

async function collect(gen: AsyncGenerator<Record<string, unknown>>) {
  const out: Record<string, unknown>[] = []
  for await (const r of gen) out.push(r)
  return out
}

export async function buildGroupArchive(
  tree: Namespace[],
  actor: Actor,
  afterGroup?: (written: number) => void,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'group-export-'))
  try {
    await writeFile(join(dir, 'VERSION'), EXPORT_VERSION)
    await writeFile(join(dir, 'GITLAB_VERSION'), GITLAB_VERSION)
    await mkdir(join(dir, 'tree', 'groups'), { recursive: true })
    await writeFile(join(dir, 'tree', 'groups', '_all.ndjson'), tree.map((g) => `${g.id}\n`).join(''))
    for (const g of tree) {
      const [self] = await collect(groupSelf({ type: 'Group', group: g }, actor))
      await writeFile(
        join(dir, 'tree', 'groups', `${g.id}.json`),
        JSON.stringify({ id: g.id, parent_id: g.parentId, ...self }),
      )
      const rel = join(dir, 'tree', 'groups', String(g.id))
      await mkdir(rel, { recursive: true })
      const rows = await collect(members({ type: 'Group', group: g }, actor))
      await writeFile(
        join(rel, 'members.ndjson'),
        rows.map((m) => `${JSON.stringify({ ...m, notification_level: 3 })}\n`).join(''),
      )
      for (const r of EMPTY_RELATIONS) await writeFile(join(rel, `${r}.ndjson`), '')
      afterGroup?.(tree.indexOf(g) + 1)
    }
    const file = join(dir, '..', `${dir.split('/').pop()!}.tar.gz`)
    const { create: createTar } = await import('tar')
    await createTar({ gzip: true, file, cwd: dir, portable: true }, ['VERSION', 'GITLAB_VERSION', 'tree'])
    const bytes = await readFile(file)
    await rm(file, { force: true })
    return bytes
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
