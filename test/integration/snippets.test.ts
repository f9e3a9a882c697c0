import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createUser, unique } from '../helpers'

type User = Awaited<ReturnType<typeof createUser>>
let project: number
let projectPath: string
let publicProject: number
let guest: User
let reporter: User
let dev: User
let maintainer: User
let outsider: User
let admin: User
const base = (p = project) => `/projects/${p}/snippets`
const twoFiles = [
  { file_path: 'b.txt', content: 'bee\n' },
  { file_path: 'a.rb', content: 'puts 1\n' },
]

beforeAll(async () => {
  const res = (await api('POST', '/projects', { json: { name: unique('snip'), visibility: 'private' } })).body
  project = res.id
  projectPath = res.path_with_namespace
  publicProject = (await api('POST', '/projects', { json: { name: unique('snip-pub'), visibility: 'public' } })).body.id
  ;[guest, reporter, dev, maintainer, outsider, admin] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser({ admin: true }),
  ])
  for (const p of [project, publicProject])
    for (const [u, level] of [
      [guest, 10],
      [reporter, 20],
      [dev, 30],
      [maintainer, 40],
    ] as const)
      await api('POST', `/projects/${p}/members`, { json: { user_id: u.id, access_level: level } })
})

describe('project snippets: create and read', () => {
  it("creates a multi-file snippet with GitLab's entity and records the user agent and IP", async () => {
    const res = await api('POST', base(), {
      token: reporter.token,
      json: { title: 'Two files', description: 'd', visibility: 'internal', files: twoFiles },
      headers: { 'User-Agent': 'snippet-test/1.0' },
    })
    expect(res.status).toBe(201)
    const web = `${new URL(res.body.web_url).origin}/${projectPath}/-/snippets/${res.body.id}`
    expect(res.body).toMatchObject({
      title: 'Two files',
      description: 'd',
      visibility: 'internal',
      project_id: project,
      web_url: web,
      raw_url: `${web}/raw`,
      file_name: 'a.rb',
      imported: false,
      imported_from: 'none',
      author: {
        id: reporter.id,
        username: reporter.username,
        state: 'active',
        email: `${reporter.username}@example.com`,
      },
      files: [
        { path: 'a.rb', raw_url: `${web}/raw/main/a.rb` },
        { path: 'b.txt', raw_url: `${web}/raw/main/b.txt` },
      ],
    })
    expect(res.body.http_url_to_repo).toBe(`${new URL(web).origin}/${projectPath}/snippets/${res.body.id}.git`)
    expect(res.body.ssh_url_to_repo).toMatch(new RegExp(`^git@.+:${projectPath}/snippets/${res.body.id}\\.git$`))
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*\.\d{3}Z$/)
    // Another viewer does not see the author's e-mail.
    expect((await api('GET', `${base()}/${res.body.id}`, { token: dev.token })).body.author.email).toBeNull()

    const detail = await api('GET', `${base()}/${res.body.id}/user_agent_detail`, { token: admin.token })
    expect(detail.status).toBe(200)
    expect(detail.body).toEqual({
      user_agent: 'snippet-test/1.0',
      ip_address: '127.0.0.1',
      spamfilter_submitted: false,
    })
    expect((await api('GET', `${base()}/${res.body.id}/user_agent_detail`, { token: maintainer.token })).status).toBe(
      403,
    )
    expect((await api('GET', `${base()}/999999/user_agent_detail`, { token: admin.token })).body).toEqual({
      message: '404 Snippet Not Found',
    })

    const db = await getDb()
    const versions = await db.snippetVersion.findMany({ where: { snippetId: res.body.id } })
    expect(versions).toHaveLength(1)
    expect(versions[0]?.sha).toMatch(/^[0-9a-f]{40}$/)
    expect(await db.snippetBlob.count({ where: { snippetId: res.body.id } })).toBe(2)
  })

  it('accepts the legacy content + file_name form and serves raw content as text/plain', async () => {
    const res = await api('POST', base(), {
      token: dev.token,
      json: { title: 'Legacy', content: 'hello\nworld', file_name: 'hello.md' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ file_name: 'hello.md', visibility: 'private', files: [{ path: 'hello.md' }] })
    const raw = await api('GET', `${base()}/${res.body.id}/raw`, { token: dev.token })
    expect(raw.status).toBe(200)
    expect(raw.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(raw.headers.get('content-disposition')).toMatch(/^inline; filename="hello.md"/)
    expect(raw.text).toBe('hello\nworld')
    const file = await api('GET', `${base()}/${res.body.id}/files/main/hello.md/raw`, { token: dev.token })
    expect(file.text).toBe('hello\nworld')
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/)
  })

  it("answers Grape's and GitLab's errors for bad input", async () => {
    const post = (json: unknown, token = dev.token) => api('POST', base(), { token, json })
    expect((await post({ files: twoFiles })).body).toEqual({ error: 'title is missing' })
    expect((await post({ title: ' ', files: twoFiles })).body).toEqual({ error: 'title is empty' })
    expect((await post({ title: 't' })).body).toEqual({
      error: 'files, content are missing, exactly one parameter must be provided',
    })
    expect((await post({ title: 't', content: 'x', file_name: 'x', files: twoFiles })).body).toEqual({
      error: 'files, content are mutually exclusive',
    })
    expect((await post({ title: 't', content: 'x' })).body).toEqual({ error: 'file_name is missing' })
    expect((await post({ title: 't', files: twoFiles, visibility: 'secret' })).body).toEqual({
      error: 'visibility does not have a valid value',
    })
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', ''])
      expect((await post({ title: 't', files: [{ file_path: bad, content: 'x' }] })).body.error).toMatch(
        /^files\[0\]\[file_path\] (should be a valid file path|is missing)$/,
      )
    expect((await post({ title: 't', files: [{ file_path: 'ok.txt', content: '' }] })).body).toEqual({
      error: 'files[0][content] is empty',
    })
    const dup = await post({
      title: 't',
      files: [
        { file_path: 'x.txt', content: '1' },
        { file_path: 'x.txt', content: '2' },
      ],
    })
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({
      message: { error: 'Error creating the snippet - A file with this name already exists' },
    })
    expect((await post({ title: 't', files: twoFiles }, guest.token)).status).toBe(403)
    expect((await post({ title: 't', files: twoFiles }, outsider.token)).body).toEqual({
      message: '404 Project Not Found',
    })
    expect((await api('POST', base(), { token: null, json: { title: 't', files: twoFiles } })).status).toBe(401)
  })

  it('lists newest first, paginated, and hides private snippets from non-members', async () => {
    const mk = (p: number, visibility: string, title: string) =>
      api('POST', base(p), {
        token: dev.token,
        json: { title, visibility, files: [{ file_path: 'f.txt', content: title }] },
      })
    const priv = (await mk(publicProject, 'private', 'priv')).body
    const internal = (await mk(publicProject, 'internal', 'int')).body
    const pub = (await mk(publicProject, 'public', 'pub')).body
    const ids = (token: string) =>
      api('GET', base(publicProject), { token }).then((r) => r.body.map((s: { id: number }) => s.id))
    expect(await ids(guest.token)).toEqual([pub.id, internal.id, priv.id])
    expect(await ids(outsider.token)).toEqual([pub.id, internal.id])
    const page = await api('GET', base(publicProject), { token: guest.token, query: { per_page: 1, page: 2 } })
    expect(page.body.map((s: { id: number }) => s.id)).toEqual([internal.id])
    expect(page.headers.get('x-total')).toBe('3')
    expect((await api('GET', `${base(publicProject)}/${priv.id}`, { token: outsider.token })).body).toEqual({
      message: '404 Snippet Not Found',
    })
    expect((await api('GET', `${base(publicProject)}/${priv.id}/raw`, { token: outsider.token })).status).toBe(404)
    expect(
      (await api('GET', `${base(publicProject)}/${priv.id}/files/main/f.txt/raw`, { token: outsider.token })).status,
    ).toBe(404)
    // Anonymous: the list needs a user; a public snippet of a public project is readable.
    expect((await api('GET', base(publicProject), { token: null })).status).toBe(401)
    expect((await api('GET', `${base(publicProject)}/${pub.id}/raw`, { token: null })).text).toBe('pub')
    expect((await api('GET', `${base(publicProject)}/${internal.id}`, { token: null })).status).toBe(404)
    // A private project hides everything from outsiders.
    expect((await api('GET', base(), { token: outsider.token })).body).toEqual({ message: '404 Project Not Found' })
  })
})

describe('project snippets: versions and file actions', () => {
  it('keeps every version readable by its sha; update, move, delete and create actions', async () => {
    const s = (await api('POST', base(), { token: dev.token, json: { title: 'Versioned', files: twoFiles } })).body
    const v1 = (await api('GET', `${base()}/${s.id}/versions`, { token: dev.token })).body[0].id
    const upd = await api('PUT', `${base()}/${s.id}`, {
      token: dev.token,
      json: { files: [{ action: 'update', file_path: 'a.rb', content: 'puts 2\n' }] },
    })
    expect(upd.status).toBe(200)
    const versions = (await api('GET', `${base()}/${s.id}/versions`, { token: dev.token })).body
    expect(versions).toHaveLength(2)
    expect(versions[0]).toMatchObject({ parent_ids: [v1], message: 'Update snippet', author: { id: dev.id } })
    expect(versions[0].id).toMatch(/^[0-9a-f]{40}$/)
    expect(versions[1].files.map((f: { path: string; raw_url: string }) => f.raw_url)).toEqual([
      `${s.web_url}/raw/${v1}/a.rb`,
      `${s.web_url}/raw/${v1}/b.txt`,
    ])
    const raw = (ref: string, path: string) =>
      api('GET', `${base()}/${s.id}/files/${ref}/${encodeURIComponent(path)}/raw`, { token: dev.token })
    expect((await raw(v1, 'a.rb')).text).toBe('puts 1\n')
    expect((await raw(v1.slice(0, 8), 'a.rb')).text).toBe('puts 1\n')
    expect((await raw('main', 'a.rb')).text).toBe('puts 2\n')
    expect((await raw(versions[0].id, 'a.rb')).text).toBe('puts 2\n')
    expect((await raw('0'.repeat(40), 'a.rb')).body).toEqual({ message: '404 Reference Not Found' })
    expect((await raw('nope', 'a.rb')).body).toEqual({ message: '404 Reference Not Found' })
    expect((await raw('main', 'zzz.txt')).body).toEqual({ message: '404 File Not Found' })
    const headVersion = await api('GET', `${base()}/${s.id}/versions/main`, { token: dev.token })
    expect(headVersion.body).toMatchObject({
      id: versions[0].id,
      short_id: versions[0].id.slice(0, 8),
      parent_ids: [v1],
    })
    expect(
      (await api('GET', `${base()}/${s.id}/versions/${v1}`, { token: dev.token })).body.files.map(
        (f: { path: string }) => f.path,
      ),
    ).toEqual(['a.rb', 'b.txt'])
    expect((await api('GET', `${base()}/${s.id}/versions/xyz`, { token: dev.token })).body).toEqual({
      message: '404 Reference Not Found',
    })

    const moved = await api('PUT', `${base()}/${s.id}`, {
      token: dev.token,
      json: {
        title: 'Renamed',
        files: [
          { action: 'move', previous_path: 'b.txt', file_path: 'dir/c.txt' },
          { action: 'delete', file_path: 'a.rb' },
          { action: 'create', file_path: 'z.txt', content: 'zed' },
        ],
      },
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      title: 'Renamed',
      file_name: 'dir/c.txt',
      files: [{ path: 'dir/c.txt', raw_url: `${s.web_url}/raw/main/dir/c.txt` }, { path: 'z.txt' }],
    })
    expect((await raw('main', 'dir/c.txt')).text).toBe('bee\n')
    expect((await raw('main', 'a.rb')).status).toBe(404)
    expect((await raw(v1, 'b.txt')).text).toBe('bee\n')
    expect((await api('GET', `${base()}/${s.id}/raw`, { token: dev.token })).text).toBe('bee\n')
    // Unchanged content is stored once per snippet: 'bee\n' survives the move as the same blob.
    const db = await getDb()
    expect(await db.snippetBlob.count({ where: { snippetId: s.id } })).toBe(4)
    // Metadata-only updates keep the head version.
    await api('PUT', `${base()}/${s.id}`, { token: dev.token, json: { description: 'only meta' } })
    expect((await api('GET', `${base()}/${s.id}/versions`, { token: dev.token })).body).toHaveLength(3)
  })

  it('rejects invalid actions and legacy updates of multi-file snippets', async () => {
    const s = (await api('POST', base(), { token: dev.token, json: { title: 'Multi', files: twoFiles } })).body
    const put = (json: unknown, token = dev.token) => api('PUT', `${base()}/${s.id}`, { token, json })
    expect((await put({ content: 'x' })).body).toEqual({
      message: { error: 'To update Snippets with multiple files, you must use the `files` parameter' },
    })
    expect((await put({})).body).toEqual({
      error:
        'content, description, files, file_name, title, visibility are missing, at least one parameter must be provided',
    })
    expect((await put({ files: [{ action: 'create', file_path: 'n.txt', content: 'n' }], content: 'x' })).body).toEqual(
      { error: 'files, content are mutually exclusive' },
    )
    expect((await put({ files: [{ action: 'rename', file_path: 'a.rb' }] })).body).toEqual({
      error: 'files[0][action] does not have a valid value',
    })
    expect((await put({ files: [{ action: 'move', file_path: 'a.rb' }] })).body).toEqual({
      message: { error: 'Snippet actions have invalid data' },
    })
    expect((await put({ files: [{ action: 'update', file_path: 'nope.rb', content: 'x' }] })).body).toEqual({
      message: { error: "Error updating the snippet - A file with this name doesn't exist" },
    })
    expect((await put({ files: [{ action: 'move', previous_path: 'a.rb', file_path: 'b.txt' }] })).body).toEqual({
      message: { error: 'Error updating the snippet - A file with this name already exists' },
    })
    expect(
      (
        await put({
          files: [
            { action: 'delete', file_path: 'a.rb' },
            { action: 'delete', file_path: 'b.txt' },
          ],
        })
      ).status,
    ).toBe(400)
    expect((await put({ files: [{ action: 'update', file_path: '../x', content: 'x' }] })).body).toEqual({
      error: 'files[0][file_path] should be a valid file path',
    })
    // Single-file snippets take the legacy form.
    const one = (
      await api('POST', base(), { token: dev.token, json: { title: 'One', content: 'v1', file_name: 'one.txt' } })
    ).body
    const legacy = await api('PUT', `${base()}/${one.id}`, {
      token: dev.token,
      json: { content: 'v2', file_name: 'two.txt' },
    })
    expect(legacy.body.files.map((f: { path: string }) => f.path)).toEqual(['two.txt'])
    expect((await api('GET', `${base()}/${one.id}/raw`, { token: dev.token })).text).toBe('v2')
  })

  it('lets the author or a maintainer change and delete a snippet', async () => {
    const s = (await api('POST', base(), { token: dev.token, json: { title: 'Mine', files: twoFiles } })).body
    expect((await api('PUT', `${base()}/${s.id}`, { token: reporter.token, json: { title: 'x' } })).status).toBe(403)
    expect((await api('DELETE', `${base()}/${s.id}`, { token: reporter.token })).status).toBe(403)
    expect(
      (await api('PUT', `${base()}/${s.id}`, { token: maintainer.token, json: { title: 'By maintainer' } })).body.title,
    ).toBe('By maintainer')
    expect(
      (await api('PUT', `${base()}/${s.id}`, { token: dev.token, json: { visibility: 'public' } })).body.visibility,
    ).toBe('public')
    const del = await api('DELETE', `${base()}/${s.id}`, { token: dev.token })
    expect(del.status).toBe(204)
    expect((await api('DELETE', `${base()}/${s.id}`, { token: dev.token })).body).toEqual({
      message: '404 Snippet Not Found',
    })
    const db = await getDb()
    expect(await db.snippetVersion.count({ where: { snippetId: s.id } })).toBe(0)
    expect(await db.snippetBlob.count({ where: { snippetId: s.id } })).toBe(0)
  })
})
