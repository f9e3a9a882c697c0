// `npm run bench:registry`: one repository of 10,000 tags in a real docker-registry (Debian's, on
// loopback), read through the registry API, then a bulk deletion of 5,000 of them with the cap off.
// Reports tag-list latency (offset page of 20, keyset page of 100; cold = the registry's tag list
// fetched again, warm = served from the process's short cache) and the deletion's wall time and
// registry requests. Writes bench/results-registry.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const TAGS = Number(process.env.BENCH_REGISTRY_TAGS ?? 10_000)
const DELETE = Math.floor(TAGS / 2)
const ROOT_TOKEN = 'glpat-bench-registry-root-0001'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-registry-'))
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${path.join(dataDir, 'bench.db')}`,
  INITIAL_ROOT_TOKEN: ROOT_TOKEN,
  INITIAL_ROOT_PASSWORD: 'bench-root-password',
  AUTH_SECRET: 'bench-secret',
  LOG_LEVEL: 'warn',
  EXTERNAL_URL: 'http://127.0.0.1',
})

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (n: number) => Math.round(n * 100) / 100

async function main() {
  const { startRegistry, pushImage, registryToken } = await import('../../test/registry/harness')
  const registry = await startRegistry()
  process.env.REGISTRY_API_URL = registry.url
  const { startInProcessApi } = await import('./in-process-api')
  const { forgetTags, registryRequestCount } = await import('../../lib/container-registry/client')
  const { startQueueWorker, stopQueueWorker } = await import('../../lib/queue/worker')
  const server = await startInProcessApi(ROOT_TOKEN)
  const { base, api } = server

  const project = (await api('POST', '/projects', { name: 'bench-images' })).body as {
    id: number
    path_with_namespace: string
  }
  const imagePath = project.path_with_namespace.toLowerCase()
  // The push grant of /jwt/auth creates the repository row.
  const jwt = await fetch(`${base}/jwt/auth?service=container_registry&scope=repository:${imagePath}:push,pull`, {
    headers: { Authorization: `Basic ${Buffer.from(`root:${ROOT_TOKEN}`).toString('base64')}` },
  })
  const { token } = (await jwt.json()) as { token: string }

  const names = Array.from({ length: TAGS }, (_, i) => `t${String(i).padStart(5, '0')}`)
  const nameAt = (i: number) => names[i] ?? 't00000'
  const pushStarted = performance.now()
  await pushImage(registry.url, token, imagePath, names.slice(0, 1), { seed: 'bench' })
  // The same manifest under every other tag, 32 PUTs at a time.
  const manifestToken = await registryToken([{ type: 'repository', name: imagePath, actions: ['*'] }])
  const manifest = await (
    await fetch(`${registry.url}/v2/${imagePath}/manifests/${nameAt(0)}`, {
      headers: {
        Authorization: `Bearer ${manifestToken}`,
        Accept: 'application/vnd.docker.distribution.manifest.v2+json',
      },
    })
  ).text()
  for (let i = 1; i < names.length; i += 32) {
    await Promise.all(
      names.slice(i, i + 32).map(async (tag) => {
        const res = await fetch(`${registry.url}/v2/${imagePath}/manifests/${tag}`, {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${manifestToken}`,
            'Content-Type': 'application/vnd.docker.distribution.manifest.v2+json',
          },
          body: manifest,
        })
        await res.arrayBuffer()
        if (res.status !== 201) throw new Error(`push ${tag}: ${res.status}`)
      }),
    )
  }
  const pushMs = performance.now() - pushStarted
  const repos = (await api('GET', `/projects/${project.id}/registry/repositories`)).body as { id: number }[]
  const repoId = repos[0]!.id
  const tagsUrl = `/projects/${project.id}/registry/repositories/${repoId}/tags`

  async function measure(label: string, url: string, n: number, cold: boolean) {
    const times: number[] = []
    for (let i = 0; i < n; i++) {
      if (cold) forgetTags(imagePath)
      const t = performance.now()
      const res = await fetch(`${base}/api/v4${url}`, { headers: { 'PRIVATE-TOKEN': ROOT_TOKEN } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${label}: ${res.status}`)
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    return { scenario: label, requests: n, p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)) }
  }
  const middle = nameAt(Math.floor(TAGS / 2))
  const lastPage = Math.floor(TAGS / 40)
  const lists = [
    await measure(`offset page 20 (page ${lastPage}), cold`, `${tagsUrl}?per_page=20&page=${lastPage}`, 50, true),
    await measure(`offset page 20 (page ${lastPage}), warm`, `${tagsUrl}?per_page=20&page=${lastPage}`, 500, false),
    await measure(
      `keyset page 100 (after ${middle}), cold`,
      `${tagsUrl}?pagination=keyset&order_by=name&sort=asc&per_page=100&last=${middle}`,
      50,
      true,
    ),
    await measure(
      `keyset page 100 (after ${middle}), warm`,
      `${tagsUrl}?pagination=keyset&order_by=name&sort=asc&per_page=100&last=${middle}`,
      500,
      false,
    ),
    await measure('tag detail, warm', `${tagsUrl}/${nameAt(Math.floor(TAGS * 0.77))}`, 500, false),
  ]

  // Bulk deletion of the first half, cap off.
  await api('PUT', '/application/settings', { container_registry_cleanup_tags_service_max_list_size: 0 })
  startQueueWorker({ pollMs: 20 })
  const before = registryRequestCount()
  const started = performance.now()
  const accepted = await api('DELETE', tagsUrl, { name_regex_delete: names.slice(0, DELETE).join('|') })
  if (accepted.status !== 202) throw new Error(`bulk delete: ${accepted.status} ${JSON.stringify(accepted.body)}`)
  let task: { status?: string; result?: unknown } | null = null
  const deadline = Date.now() + 10 * 60_000
  while (Date.now() < deadline) {
    task = (await api('GET', `/projects/${project.id}/registry/repositories/${repoId}/cleanup_status`)).body as {
      status?: string
    } | null
    if (task && ['succeeded', 'failed', 'canceled'].includes(task.status ?? '')) break
    await new Promise((r) => setTimeout(r, 50))
  }
  const wallMs = performance.now() - started
  const requests = registryRequestCount() - before
  forgetTags(imagePath)
  const left = (
    await fetch(`${base}/api/v4${tagsUrl}?per_page=1`, { headers: { 'PRIVATE-TOKEN': ROOT_TOKEN } })
  ).headers.get('x-total')
  await stopQueueWorker()

  const results = {
    generated_at: new Date().toISOString(),
    tags: TAGS,
    push_ms: Math.round(pushMs),
    tag_lists: lists,
    bulk_delete: {
      requested: DELETE,
      status: task?.status ?? 'timeout',
      wall_ms: Math.round(wallMs),
      registry_requests: requests,
      tags_left: Number(left),
    },
    load_average: os.loadavg().map((l) => round(l)),
    cpus: os.cpus().length,
  }
  writeFileSync(
    path.join(import.meta.dirname, '../../bench/results-registry.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  )
  console.log(JSON.stringify(results, null, 2))
  server.close()
  await registry.stop()
  rmSync(dataDir, { recursive: true, force: true })
  const ok = task?.status === 'succeeded' && Number(left) === TAGS - DELETE
  process.exit(ok ? 0 : 1)
}

main().catch((err: unknown) => {
  console.error(err)
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(1)
})
