// Admin → Overview's data (lib/console/admin-overview.ts): counts equal the API's own totals, the
// database it names is the one in use, and the health of mail, registry and background work follows
// what really happens (a refused SMTP connection, a registry that is down or refuses our tokens, a
// task nobody claims). Serial: the counts are compared exactly, so no other file may write meanwhile.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { z } from 'zod'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '../../lib/config'
import { adminOverview, type CountKey, type HealthKey } from '../../lib/console/admin-overview'
import { provider } from '../../lib/db'
import { sendMail } from '../../lib/mail'
import { outboxSize } from '../../lib/mail/outbox'
import { cancelTask, enqueue, workerAlive, workerGone } from '../../lib/queue/store'
import { defineTask } from '../../lib/queue/tasks'
import { api, createGroup, createUser, unique, writeCiConfig } from '../helpers'

// Known to this process only: no worker anywhere claims it, so it stays pending.
defineTask({ kind: 'test.overview', payload: z.object({}), run: async () => null })

const env = { smtp: process.env.SMTP_URL, registry: process.env.REGISTRY_API_URL }
const setEnv = (name: 'SMTP_URL' | 'REGISTRY_API_URL', value: string | undefined) => {
  // An empty value is unset for config(), like a variable never given.
  process.env[name] = value ?? ''
  resetConfig()
}
afterAll(() => {
  setEnv('SMTP_URL', env.smtp)
  setEnv('REGISTRY_API_URL', env.registry)
})

const tasks: number[] = []
afterEach(async () => {
  for (const id of tasks.splice(0)) await cancelTask(id)
})

const count = async (key: CountKey) => (await adminOverview()).counts.find((c) => c.key === key)?.value
const health = async (key: HealthKey) => (await adminOverview()).health.find((h) => h.key === key)
const total = async (path: string, query: Record<string, string> = {}) => {
  const res = await api('GET', path, { query: { per_page: '1', ...query } })
  expect(res.status).toBe(200)
  return Number(res.headers.get('x-total'))
}

/** A loopback HTTP server answering every request with `status` (a registry that refuses our tokens). */
async function answering(status: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => res.writeHead(status).end())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = await answering(200)
  await s.close()
  return Number(new URL(s.url).port)
}

describe('counts', () => {
  it('equal the totals the API reports, and follow new rows', async () => {
    const user = await createUser()
    const group = await createGroup()
    await createGroup({ parent: group.id })
    const project = await api('POST', '/projects', {
      json: { name: unique('overview'), namespace_id: group.id, initialize_with_readme: true },
    })
    expect(project.status).toBe(201)
    expect((await api('POST', '/user/runners', { json: { runner_type: 'instance_type' } })).status).toBe(201)
    tasks.push((await enqueue('test.overview', {}, { runAt: new Date(Date.now() + 3600_000) })).id)

    const overview = await adminOverview()
    const byKey = Object.fromEntries(overview.counts.map((c) => [c.key, c.value]))
    expect(byKey.users).toBe(await total('/users'))
    expect(byKey.groups).toBe(await total('/groups'))
    expect(byKey.projects).toBe(await total('/projects'))
    expect(byKey.runners).toBe(await total('/runners/all'))
    expect(byKey.queuedTasks).toBe(await total('/admin/queue/tasks', { status: 'pending' }))
    expect(byKey.queuedTasks).toBeGreaterThan(0)
    expect(byKey.users).toBeGreaterThanOrEqual(2)
    expect(overview.counts.map((c) => c.href)).toEqual([
      '/admin/users',
      '/groups',
      '/projects',
      '/admin/runners',
      '/admin/runners',
      '/admin/background_tasks?status=pending',
    ])

    // A user more is one more; two jobs of a first stage are two pending jobs more.
    await createUser()
    expect(await count('users')).toBe(byKey.users! + 1)
    expect(user.id).toBeGreaterThan(0)
    await writeCiConfig(project.body.id, 'a:\n  script: [echo a]\nb:\n  script: [echo b]\n')
    expect((await api('POST', `/projects/${project.body.id}/pipeline`, { json: { ref: 'main' } })).status).toBe(201)
    expect(await count('pendingJobs')).toBe(byKey.pendingJobs! + 2)
  })
})

describe('system', () => {
  it('names the version and the database in use, with its version', async () => {
    const { version, database } = await adminOverview()
    expect(version.gitlab).toMatch(/^\d+\.\d+\.\d+$/)
    expect(database.name).toBe(provider() === 'postgresql' ? 'PostgreSQL' : 'SQLite')
    expect(database.version).toMatch(/^\d+\.\d+/)
  })

  it('lists the latest settings changes with who made them', async () => {
    const me = (await api('GET', '/user')).body as { id: number; username: string }
    expect(
      (
        await api('PUT', '/application/settings', {
          json: { after_sign_out_path: `https://example.com/${unique('bye')}` },
        })
      ).status,
    ).toBe(200)
    const [latest] = (await adminOverview()).settingsChanges
    expect(latest?.keys).toEqual(['after_sign_out_path'])
    expect(latest?.user).toMatchObject({ id: me.id, username: me.username })
    expect(Date.now() - new Date(latest!.at).getTime()).toBeLessThan(60_000)
  })
})

describe('registry health', () => {
  it('is off without REGISTRY_API_URL', async () => {
    setEnv('REGISTRY_API_URL', undefined)
    expect(await health('registry')).toMatchObject({ state: 'off', reason: expect.stringContaining('Not configured') })
  })

  it('is ok when the configured registry answers its base call', async () => {
    expect(env.registry, 'the integration setup starts a registry').toBeTruthy()
    setEnv('REGISTRY_API_URL', env.registry)
    expect(await health('registry')).toMatchObject({
      state: 'ok',
      reason: expect.stringMatching(/answers in \d+ ms\.$/),
    })
  })

  it('is bad when the registry is down or refuses our tokens', async () => {
    setEnv('REGISTRY_API_URL', `http://127.0.0.1:${await closedPort()}`)
    expect(await health('registry')).toMatchObject({
      state: 'bad',
      reason: expect.stringContaining('is unreachable: ECONNREFUSED'),
    })
    const refusing = await answering(401)
    try {
      setEnv('REGISTRY_API_URL', refusing.url)
      expect(await health('registry')).toMatchObject({
        state: 'bad',
        reason: expect.stringContaining("refuses this server's tokens (401)"),
      })
    } finally {
      await refusing.close()
    }
  })
})

describe('mail health', () => {
  it('warns without SMTP, counting the outbox, and links it', async () => {
    setEnv('SMTP_URL', undefined)
    await sendMail({ to: 'outbox@example.com', subject: 'kept', text: 'kept in the outbox' })
    const mail = await health('mail')
    expect(mail).toMatchObject({ state: 'warn', href: '/admin/outbox' })
    expect(mail?.reason).toContain(`${await outboxSize()} message`)
  })

  it('is bad after a failed delivery, and warns once a later one went out', async () => {
    setEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`)
    await expect(sendMail({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow()
    expect(await health('mail')).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(/^The last delivery failed \(.*ECONNREFUSED.*\)/),
    })

    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _s, done) => stream.on('end', () => done()).resume(),
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    try {
      setEnv('SMTP_URL', `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`)
      await sendMail({ to: 'b@example.com', subject: 's', text: 't' })
      expect(await health('mail')).toMatchObject({
        state: 'warn',
        reason: expect.stringContaining('the latest went out'),
      })
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })
})

describe('background work health', () => {
  it('is bad while a task waits far past its time, and recovers when it is gone', async () => {
    const before = await health('background')
    expect(before?.state).not.toBe('bad')
    expect(before?.href).toBe('/admin/background_tasks')
    const late = await enqueue('test.overview', {}, { runAt: new Date(Date.now() - 10 * 60_000) })
    tasks.push(late.id)
    expect(await health('background')).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(/^1 task waiting over 5 min past their time/),
    })
    await cancelTask(late.id)
    expect((await health('background'))?.state).toBe(before?.state)
  })

  it("counts the workers of every process from their heartbeats in the database, not this process's own (issue 32)", async () => {
    // This test process runs no worker, as the console's process runs none: the API processes do.
    const other = { id: `${unique('api-host')}:4242:abcdef`, host: unique('api-host'), pid: 4242 }
    const without = await health('background')
    expect(without?.reason).not.toContain(other.host)
    await workerAlive(other)
    try {
      const withOther = await health('background')
      expect(withOther?.reason).toMatch(new RegExp(`\\d+ workers? alive \\([^)]*${other.host}`))
      expect(withOther?.reason).not.toMatch(/no worker/i)
    } finally {
      await workerGone(other.id)
    }
    expect((await health('background'))?.reason).not.toContain(other.host)
  })
})
