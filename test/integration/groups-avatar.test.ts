// Group avatars: upload through PUT /groups/:id (multipart, recognised by extension or content),
// size limit, non-images refused, removal, GET /groups/:id/avatar headers and visibility.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { config } from '../../lib/config'
import { getDb } from '../../lib/db'
import { api, createUser, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** A hand-built multipart body, so a part can carry no Content-Type at all (as many clients send). */
async function upload(
  groupId: number,
  file: { name: string; bytes: Buffer; type?: string } | null,
  opts: { token?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----b${unique('x')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(opts.fields ?? {}))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    const type = file.type ? `Content-Type: ${file.type}\r\n` : ''
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${file.name}"\r\n${type}\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  const res = await fetch(`${await serverUrl()}/api/v4/groups/${groupId}`, {
    method: 'PUT',
    headers: { 'PRIVATE-TOKEN': opts.token ?? ROOT_TOKEN, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null, text }
}

async function avatar(groupId: number, token: string | null = ROOT_TOKEN) {
  const res = await fetch(`${await serverUrl()}/api/v4/groups/${groupId}/avatar`, {
    headers: token ? { 'PRIVATE-TOKEN': token } : {},
  })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function group(visibility = 'public') {
  const path = unique('ga')
  return (await api('POST', '/groups', { json: { name: path, path, visibility } })).body
}

describe('group avatars', () => {
  let g: any
  beforeAll(async () => {
    g = await group()
  })

  it('accepts a PNG recognised by content alone (no part Content-Type, no extension) and serves it', async () => {
    const res = await upload(g.id, { name: 'blob', bytes: PNG }, { fields: { description: 'with avatar' } })
    expect(res.status, res.text).toBe(200)
    expect(res.body.description).toBe('with avatar')
    expect(res.body.avatar_url).toMatch(new RegExp(`/api/v4/groups/${g.id}/avatar`))
    const served = await avatar(g.id, null)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="blob"/)
    expect(served.bytes.equals(PNG)).toBe(true)
    // The avatar_url itself works.
    const viaUrl = await fetch(res.body.avatar_url.replace(config().externalUrl, await serverUrl()))
    expect(viaUrl.status).toBe(200)
    // Lists and embedded namespaces carry the URL too.
    const listed = await api('GET', '/groups', { query: { search: g.path } })
    expect(listed.body[0].avatar_url).toBe(res.body.avatar_url)
  })

  it('accepts an image recognised by its extension and keeps the uploaded name', async () => {
    const other = await group()
    const res = await upload(other.id, {
      name: 'my logo.jpg',
      bytes: Buffer.from('not really a jpeg'),
      type: 'application/octet-stream',
    })
    expect(res.status, res.text).toBe(200)
    const served = await avatar(other.id)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="my_logo.jpg"/)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses non-images and files above max_attachment_size', async () => {
    const other = await group()
    const res = await upload(other.id, {
      name: 'evil.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      type: 'image/svg+xml',
    })
    expect(res.status).toBe(400)
    expect(res.body.message.avatar[0]).toMatch(/^file format is not supported/)
    expect((await avatar(other.id)).status).toBe(404)

    const settings = await api('GET', '/application/settings')
    const maxMb = settings.body.max_attachment_size as number
    const big = Buffer.alloc(maxMb * 1024 * 1024 + 1, 0)
    PNG.copy(big)
    const tooBig = await upload(other.id, { name: 'big.png', bytes: big })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body).toEqual({ message: { avatar: [`is too big (should be at most ${maxMb} MiB)`] } })
  })

  it('replaces and removes the file on disk; an empty avatar value removes it', async () => {
    const other = await group()
    await upload(other.id, { name: 'a.png', bytes: PNG })
    const db = await getDb()
    const first = (await db.namespace.findUnique({ where: { id: other.id } }))!.avatarPath!
    expect(existsSync(path.join(config().dataDir, first))).toBe(true)
    await upload(other.id, { name: 'b.png', bytes: PNG })
    const second = (await db.namespace.findUnique({ where: { id: other.id } }))!.avatarPath!
    expect(second).not.toBe(first)
    expect(existsSync(path.join(config().dataDir, first))).toBe(false)

    const removed = await upload(other.id, null, { fields: { avatar: '' } })
    expect(removed.status, removed.text).toBe(200)
    expect(removed.body.avatar_url).toBeNull()
    expect(existsSync(path.join(config().dataDir, second))).toBe(false)
    expect(await avatar(other.id)).toMatchObject({ status: 404 })
    expect((await avatar(other.id)).bytes.toString()).toBe('{"message":"404 Avatar Not Found"}')

    // JSON clients remove with "" too.
    await upload(other.id, { name: 'c.png', bytes: PNG })
    expect((await api('PUT', `/groups/${other.id}`, { json: { avatar: '' } })).body.avatar_url).toBeNull()
  })

  it("never serves one group's avatar for another, and hides private groups", async () => {
    const plain = await group()
    expect((await avatar(plain.id)).status).toBe(404)
    const priv = await group('private')
    await upload(priv.id, { name: 'p.png', bytes: PNG })
    expect((await avatar(priv.id)).status).toBe(200)
    expect((await avatar(priv.id, null)).status).toBe(404)
    const stranger = await createUser()
    expect((await avatar(priv.id, stranger.token)).status).toBe(404)
  })

  it('removes the files of a deleted group tree', async () => {
    const parent = await group()
    const child = (
      await api('POST', '/groups', {
        json: { name: unique('c'), path: unique('c'), parent_id: parent.id, visibility: 'public' },
      })
    ).body
    await upload(parent.id, { name: 'p.png', bytes: PNG })
    await upload(child.id, { name: 'c.png', bytes: PNG })
    const db = await getDb()
    const files = (await db.namespace.findMany({ where: { id: { in: [parent.id, child.id] } } })).map((n) =>
      path.join(config().dataDir, n.avatarPath!),
    )
    expect(files.every((f) => existsSync(f))).toBe(true)
    expect((await api('DELETE', `/groups/${parent.id}`)).status).toBe(202)
    expect(files.some((f) => existsSync(f))).toBe(false)
  })

  it('lets only owners upload', async () => {
    const user = await createUser()
    expect((await upload(g.id, { name: 'x.png', bytes: PNG }, { token: user.token })).status).toBe(403)
  })
})

describe('group statistics', () => {
  it('count snippet contents and avatars of the whole tree (administrators, statistics=true)', async () => {
    const name = unique('stats')
    const top = (await api('POST', '/groups', { json: { name, path: name } })).body
    const sub = (
      await api('POST', '/groups', { json: { name: `${name}-sub`, path: `${name}-sub`, parent_id: top.id } })
    ).body
    expect((await upload(sub.id, { name: 'logo.png', bytes: PNG })).status).toBe(200)
    const project = (await api('POST', '/projects', { json: { name: unique('statp'), namespace_id: sub.id } })).body
    const snippet = await api('POST', `/projects/${project.id}/snippets`, {
      json: {
        title: 's',
        visibility: 'private',
        files: [
          { file_path: 'a', content: 'abc' },
          { file_path: 'b', content: 'hello' },
        ],
      },
    })
    expect(snippet.status).toBe(201)
    const listed = await api('GET', '/groups', { query: { search: name, statistics: true, all_available: true } })
    const byId = new Map(listed.body.map((g: { id: number }) => [g.id, g]))
    const expected = { snippets_size: 8, uploads_size: PNG.length, storage_size: 8 + PNG.length, repository_size: 0 }
    expect((byId.get(top.id) as { statistics: object }).statistics).toMatchObject(expected)
    expect((byId.get(top.id) as { root_storage_statistics: object }).root_storage_statistics).toMatchObject(expected)
    expect((byId.get(sub.id) as { statistics: object }).statistics).toMatchObject(expected)
    expect(byId.get(sub.id)).not.toHaveProperty('root_storage_statistics')
  })
})
