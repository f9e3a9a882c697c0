// Console pages as an administrator sees them: server-render time (sequential requests, one at a
// time: what a person clicking waits for) and the JavaScript each page loads, gzipped, measured
// from the scripts the served HTML references (what a browser downloads; shared chunks counted in
// every page that loads them).
import { gzipSync } from 'node:zlib'

const TARGETS = { p50Ms: 150, jsKb: 250 }

/** next-auth's credentials sign-in, as the login form does it: the session cookie for the pages. */
async function signIn(base, login, password) {
  const csrfRes = await fetch(`${base}/api/auth/csrf`)
  const jar = new Map()
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i), pair.slice(i + 1))
    }
  }
  keep(csrfRes)
  const { csrfToken } = await csrfRes.json()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie() },
    body: new URLSearchParams({ csrfToken, login, password, json: 'true' }),
  })
  keep(res)
  if (![...jar.keys()].some((k) => k.includes('session-token')))
    throw new Error(`console sign-in failed: HTTP ${res.status}`)
  return cookie()
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

async function timePage(base, path, cookie, runs) {
  const times = []
  let html = ''
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now()
    const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' })
    html = await res.text()
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`)
    if (i >= 3) times.push(performance.now() - started) // the first three warm caches and the JIT
  }
  times.sort((a, b) => a - b)
  return { html, p50_ms: quantile(times, 0.5), p99_ms: quantile(times, 0.99) }
}

const gzipCache = new Map()
async function scriptBytes(base, src) {
  if (!gzipCache.has(src)) {
    const res = await fetch(new URL(src, base))
    gzipCache.set(src, gzipSync(Buffer.from(await res.arrayBuffer())).length)
  }
  return gzipCache.get(src)
}

/**
 * The scripts a browser downloads for the page: every `<script src>` but the `noModule` polyfills
 * (no browser that runs modules fetches them), and every script preloaded with `<link>` (chunks of
 * next/dynamic components rendered on the server).
 */
export function pageScripts(html) {
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnomodule\b/i.test(tag))
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="(preload|modulepreload)"/.test(tag) && /\bas="script"/.test(tag))
  const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1]
  const srcs = [...tags.map((t) => attr(t, 'src')), ...preloads.map((t) => attr(t, 'href'))].filter(Boolean)
  return [...new Set(srcs.map((s) => s.replace(/&amp;/g, '&')))]
}

export async function consolePagesBench({ base, login, password, pages, runs = 40 }) {
  const cookie = await signIn(base, login, password)
  const results = []
  for (const path of pages) {
    const t = await timePage(base, path, cookie, runs)
    const scripts = pageScripts(t.html)
    let js = 0
    for (const src of scripts) js += await scriptBytes(base, src)
    results.push({
      path,
      p50_ms: Math.round(t.p50_ms * 10) / 10,
      p99_ms: Math.round(t.p99_ms * 10) / 10,
      js_gzip_kb: Math.round(js / 102.4) / 10,
      scripts: scripts.length,
    })
    console.log(
      `   ${path}: p50 ${t.p50_ms.toFixed(1)} ms, p99 ${t.p99_ms.toFixed(1)} ms, JavaScript ${(js / 1024).toFixed(1)} kB gzipped in ${scripts.length} scripts`,
    )
  }
  return results
}

export function consolePagesTargets(results) {
  return results.flatMap((r) => [
    {
      label: `console ${r.path}: server render p50 < ${TARGETS.p50Ms} ms`,
      status: r.p50_ms < TARGETS.p50Ms ? 'PASS' : 'FAIL',
      detail: `${r.p50_ms} ms`,
    },
    {
      label: `console ${r.path}: JavaScript < ${TARGETS.jsKb} kB gzipped`,
      status: r.js_gzip_kb < TARGETS.jsKb ? 'PASS' : 'FAIL',
      detail: `${r.js_gzip_kb} kB`,
    },
  ])
}
