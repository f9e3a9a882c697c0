// The smallest group export archive the import accepts (GitLab's NDJSON tree: VERSION, the group
// list and one group's attributes), built once per run: the matrix's multipart rows upload it.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create as createTar } from 'tar'

let built: Promise<Uint8Array> | undefined

export function groupArchive(): Promise<Uint8Array> {
  built ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'authz-archive-'))
    const root = join(dir, 'tree-root')
    await mkdir(join(root, 'tree', 'groups'), { recursive: true })
    await writeFile(join(root, 'VERSION'), '0.2.4')
    await writeFile(join(root, 'tree', 'groups', '_all.ndjson'), '1\n')
    await writeFile(
      join(root, 'tree', 'groups', '1.json'),
      JSON.stringify({ id: 1, name: 'Exported', path: 'exported', parent_id: null, visibility_level: 0 }),
    )
    const file = join(dir, 'export.tar.gz')
    await createTar({ gzip: true, file, cwd: root }, ['.'])
    return new Uint8Array(await readFile(file))
  })()
  return built
}
