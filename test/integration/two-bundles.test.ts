// The console process holds two copies of lib/: the custom server's bundle and Next.js's, which
// share process state (lib/util/process-state.ts) but not classes. The fast reader lives in that state,
// so whichever copy made it throws its own copy's errors into the other copy's callers. Issue 32:
// Project → Settings → CI/CD showed "Could not load runners — 500" because the console's copy did
// not recognise the server copy's where-sql Unsupported (a relation filter, `projects`) and let it
// escape instead of falling back to Prisma, while the same call over HTTP (one copy) answered 200.
// Which copy's code runs depends on which copy first made each piece of state: the dispatcher (its
// endpoints and finders) and the fast reader are two such pieces. Here the test worker's HTTP server
// is the first copy and makes the reader; a second copy, loaded after vi.resetModules(), makes the
// dispatcher that answers the console's in-process calls, as the Next.js bundle does when a page is
// the process's first API call.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { processState } from '../../lib/util/process-state'
import { api, createGroup, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

// handler.ts's slot: emptied so that the second copy makes the dispatcher, and given back after.
const dispatcherSlot = processState<{ dispatcher?: unknown }>('server.dispatcher', () => ({ dispatcher: undefined }))

let projectId: number
let projectRunner: number
let groupRunner: number
let instanceRunner: number

beforeAll(async () => {
  const group = await createGroup()
  projectId = (await api('POST', '/projects', { json: { name: unique('bundles'), namespace_id: group.id } })).body.id
  const made = async (json: Record<string, unknown>) => {
    const res = await api('POST', '/user/runners', { json })
    expect(res.status, res.text).toBe(201)
    return res.body.id as number
  }
  projectRunner = await made({ runner_type: 'project_type', project_id: projectId, description: 'bundles project' })
  groupRunner = await made({ runner_type: 'group_type', group_id: group.id, description: 'bundles group' })
  instanceRunner = await made({ runner_type: 'instance_type', description: 'bundles instance' })
  // Over HTTP, through the first copy: it answers (and its fast reader is now the process's).
  expect((await api('GET', `/projects/${projectId}/runners`)).status).toBe(200)
})

/** GET through a second copy of the dispatcher, in process as lib/console/api.ts calls it. */
async function inProcess(path: string): Promise<{ status: number; body: unknown }> {
  vi.resetModules()
  const second = await import('../../lib/server/handler')
  const first = await import('../setup/server')
  // A fresh module graph: the copy that answers is not the one serving HTTP.
  expect(first.serverUrl).not.toBe(serverUrl)
  const httpDispatcher = dispatcherSlot.dispatcher
  expect(httpDispatcher).toBeDefined()
  dispatcherSlot.dispatcher = undefined
  let res: Response
  try {
    res = await second.handleRequest(
      new Request(`http://internal/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': ROOT_TOKEN } }),
    )
    expect(dispatcherSlot.dispatcher).not.toBe(httpDispatcher)
  } finally {
    dispatcherSlot.dispatcher = httpDispatcher
  }
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null }
}

const ids = (body: unknown) => (body as { id: number }[]).map((r) => r.id).sort((a, b) => a - b)

describe("the console's in-process runner lists, from the other bundle's copy of lib/", () => {
  // Each call asks for a page size of its own: a kept answer of the HTTP call above is not served.
  it("GET /projects/:id/runners (a relation filter) falls back to Prisma and lists the project's, its group's and instance runners", async () => {
    const res = await inProcess(`/projects/${projectId}/runners?per_page=97`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(ids(res.body)).toEqual(expect.arrayContaining([projectRunner, groupRunner, instanceRunner]))
  })

  it('GET /runners?type=project_type (the runners one manages) answers 200 with the project runner', async () => {
    const res = await inProcess('/runners?type=project_type&per_page=98')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(ids(res.body)).toContain(projectRunner)
    expect(ids(res.body)).not.toContain(instanceRunner)
  })
})

describe('errors that cross from one copy to the other', () => {
  it("an ApiError of one copy is the other copy's ApiError (a 404 stays a 404, not a 500)", async () => {
    const first = await import('../../lib/api/errors')
    vi.resetModules()
    const second = await import('../../lib/api/errors')
    expect(second.ApiError).not.toBe(first.ApiError)
    expect(second.isApiError(first.notFound('Project'))).toBe(true)
    expect(first.isApiError(second.forbidden())).toBe(true)
    expect(second.isApiError(new Error('404 Project Not Found'))).toBe(false)
  })
})
