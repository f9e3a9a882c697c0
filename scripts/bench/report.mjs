// Printing: the results table, the mount comparison, the 1-connection section and the targets.
import { KIND_TARGETS, TARGETS } from './scenarios.mjs'

const num = (n, digits = 0) =>
  n == null ? '–' : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

function table(headers, rows, alignLeft = [0]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const fmt = (r) =>
    r.map((c, i) => (alignLeft.includes(i) ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)]
    .map((l) => l.trimEnd())
    .join('\n')
}

export function printResults(results) {
  const rows = results.map((r) => [
    r.name,
    r.mount,
    num(r.rps),
    num(r.p50_ms, 2),
    num(r.p99_ms, 2),
    r.ratio == null ? '–' : `${r.ratio.toFixed(3)}×`,
    num(r.rss_mb, 0),
    r.skipped ? `SKIPPED: ${r.skipped}` : r.errors ? `errors: ${r.errors}` : '',
  ])
  console.log(
    `\n${table(['scenario', 'mount', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'RSS MB', ''], rows, [0, 1, 7])}`,
  )
}

/** Scenarios sharing a `compare` key, direct vs next. The issue: direct is the default only if ≥2× faster. */
export function mountComparison(results) {
  const out = []
  for (const key of new Set(results.map((r) => r.compare).filter(Boolean))) {
    const direct = results.find((r) => r.compare === key && r.mount === 'direct' && !r.skipped)
    const next = results.find((r) => r.compare === key && r.mount === 'next' && !r.skipped)
    if (!direct || !next) {
      out.push({ key, speedup: null })
      continue
    }
    out.push({ key, direct_rps: direct.rps, next_rps: next.rps, speedup: direct.rps / next.rps })
  }
  return out
}

export function printMountComparison(rows) {
  console.log('\nAPI mount: direct (node:http → dispatcher) vs Next route handler (API_MOUNT=next)')
  for (const r of rows) {
    if (r.speedup == null) {
      console.log(`  ${r.key}: not measured on both mounts`)
      continue
    }
    const verdict =
      r.speedup >= TARGETS.mountSpeedup
        ? `≥${TARGETS.mountSpeedup}×: direct mount justified as the default`
        : `<${TARGETS.mountSpeedup}×: not enough to justify bypassing Next`
    console.log(
      `  ${r.key}: direct ${num(r.direct_rps)} req/s, next ${num(r.next_rps)} req/s → ${r.speedup.toFixed(2)}× (${verdict})`,
    )
  }
}

export function printSingleConnection(rows) {
  const bare = rows.find((r) => r.mount === 'bare')
  console.log('\nWhere the time goes: one connection, one request at a time (wrk -t1 -c1), per-request latency')
  const body = rows.map((r) => [
    r.name,
    r.mount,
    r.skipped ? '–' : num(r.p50_ms * 1000),
    r.skipped ? '–' : num(r.p90_ms * 1000),
    r.skipped ? '–' : num(r.p99_ms * 1000),
    r.skipped ? '–' : num(r.rps),
    r.skipped || !bare || r === bare ? '' : `+${num((r.p50_ms - bare.p50_ms) * 1000)}`,
    r.skipped ? `SKIPPED: ${r.skipped}` : '',
  ])
  console.log(
    table(['scenario', 'mount', 'p50 µs', 'p90 µs', 'p99 µs', 'req/s', 'p50 over bare µs', ''], body, [0, 1, 7]),
  )
}

/** PASS/FAIL/SKIP for every target of the issue. */
export function checkTargets(results, startupMs, rssAfterMb = null) {
  const checks = []
  const bare = results.find((r) => r.mount === 'bare' && !r.skipped)
  for (const r of results) {
    const minRatio = r.minRatio ?? KIND_TARGETS[r.kind]?.minRatio
    if (minRatio == null) continue
    const label = `${r.name}: ≥ ${minRatio}× bare node:http`
    if (r.skipped || !bare) checks.push({ label, status: 'SKIP', detail: r.skipped ?? 'no baseline' })
    else checks.push({ label, status: r.ratio >= minRatio ? 'PASS' : 'FAIL', detail: `${r.ratio.toFixed(3)}×` })
  }
  for (const r of results.filter((s) => s.api && s.mount === 'direct')) {
    const p99Ms = KIND_TARGETS[r.kind]?.p99Ms ?? TARGETS.p99Ms
    const label = `${r.name}: p99 < ${p99Ms} ms at 50 connections`
    if (r.skipped) checks.push({ label, status: 'SKIP', detail: r.skipped })
    else checks.push({ label, status: r.p99_ms < p99Ms ? 'PASS' : 'FAIL', detail: `${r.p99_ms.toFixed(2)} ms` })
  }
  const startupLabel = `npm start → first 200 of /-/readiness < ${TARGETS.startupMs / 1000} s`
  checks.push(
    startupMs == null
      ? { label: startupLabel, status: 'SKIP', detail: 'not measured' }
      : {
          label: startupLabel,
          status: startupMs < TARGETS.startupMs ? 'PASS' : 'FAIL',
          detail: `${num(startupMs)} ms`,
        },
  )
  // The words: RSS per process after the whole bench (measured once the server has been
  // quiet for a few seconds); the peak right after each scenario stays in the detail and in results.json.
  const rss = results.filter((r) => r.mount === 'direct' && r.rss_mb != null).map((r) => r.rss_mb)
  const rssLabel = `server RSS < ${TARGETS.rssMb} MB per process after the whole bench (default mount)`
  const peak = rss.length ? `, peak right after a scenario ${num(Math.max(...rss))} MB` : ''
  checks.push(
    rssAfterMb == null
      ? { label: rssLabel, status: 'SKIP', detail: 'not measured' }
      : {
          label: rssLabel,
          status: rssAfterMb < TARGETS.rssMb ? 'PASS' : 'FAIL',
          detail: `${num(rssAfterMb)} MB${peak}`,
        },
  )
  return checks
}

export function printTargets(checks) {
  console.log('\nTargets')
  for (const c of checks) console.log(`  ${c.status.padEnd(4)}  ${c.label}  (${c.detail})`)
}
