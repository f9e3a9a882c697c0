// Issue 31 A1 through the API: a migration source URL that spells a loopback address another way
// (IPv4-mapped IPv6, decimal, hex, octal, short forms) is refused with GitLab's UrlBlocker message,
// and not one connection reaches the listener on 127.0.0.1 it points at. Settings are held in this
// process only (the dispatcher runs here), so files beside this one are not disturbed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentSettings, holdSettings } from '../../lib/settings/service'
import { api, createGroup } from '../helpers'

let server: Server
let port = 0
let connections = 0
let refused = 0
let dest: { full_path: string }

beforeAll(async () => {
  // A source that would answer as GitLab does, were it reached.
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json')
    if (req.url?.startsWith('/api/v4/version')) res.end(JSON.stringify({ version: '17.0.0' }))
    else if (req.url?.startsWith('/api/v4/personal_access_tokens/self')) res.end(JSON.stringify({ scopes: ['api'] }))
    else res.end('[]')
  })
  server.on('connection', () => connections++)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  port = (server.address() as AddressInfo).port
  dest = await createGroup()
  holdSettings(
    {
      ...(await currentSettings()),
      bulk_importing_enabled: true,
      allow_local_requests_from_web_hooks_and_services: false,
    },
    600_000,
  )
})

afterAll(async () => {
  holdSettings(undefined)
  await new Promise<void>((ok) => server.close(() => ok()))
})

const FORMS = [
  `http://[::ffff:127.0.0.1]:PORT`,
  `http://[::ffff:7f00:1]:PORT`,
  `http://[0:0:0:0:0:ffff:7f00:1]:PORT`,
  `http://[::7f00:1]:PORT`,
  `http://2130706433:PORT`,
  `http://0x7f.1:PORT`,
  `http://0x7f000001:PORT`,
  `http://017700000001:PORT`,
  `http://127.1:PORT`,
  `http://0.0.0.0:PORT`,
  `http://localhost:PORT`,
]

describe('outbound requests to migration sources (SSRF)', () => {
  it.each(FORMS)('refuses %s before connecting', async (form) => {
    const url = form.replace('PORT', String(port))
    const entity = {
      source_type: 'group_entity',
      source_full_path: 'some/group',
      destination_slug: 'copy',
      destination_namespace: dest.full_path,
    }
    const started = await api('POST', '/bulk_imports', {
      json: { configuration: { url, access_token: 'glpat-anything' }, entities: [entity] },
    })
    expect(started.status).toBe(422)
    expect(started.body.message).toMatch(/Requests to (localhost|loopback addresses) are not allowed/)
    const listed = await api('POST', '/bulk_imports/source_groups', {
      json: { configuration: { url, access_token: 'glpat-anything' } },
    })
    expect(listed.status).toBe(422)
    expect(listed.body.message).toMatch(/not allowed/)
    refused++
  })

  it('no connection reached the loopback listener', () => {
    console.log(
      `SSRF through the API: ${refused} of ${FORMS.length} URL forms refused on both routes, ${connections} connections reached the loopback listener`,
    )
    expect(connections).toBe(0)
  })
})
