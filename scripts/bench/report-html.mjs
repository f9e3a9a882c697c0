// bench/report.html from a results object (scripts/bench.mjs): one self-contained page (inline SVG,
// no script) with the ratio of every scenario to bare node:http as bars against its target, and the
// growth curves when the run measured them, so a change's effect shows at a glance.
import { KIND_TARGETS } from './scenarios.mjs'

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])
const fmt = (n, d = 0) =>
  n == null ? '–' : Number(n).toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })

function ratioChart(scenarios) {
  const rows = scenarios.filter((s) => s.mount !== 'bare' && s.ratio != null)
  const max = Math.max(0.25, ...rows.map((s) => s.ratio))
  const labelW = 380
  const barW = 420
  const rowH = 22
  const x = (r) => labelW + (r / max) * barW
  const bars = rows.map((s, i) => {
    const y = i * rowH + 20
    const target = s.minRatio ?? KIND_TARGETS[s.kind]?.minRatio
    const ok = target == null || s.ratio >= target
    return [
      `<text x="${labelW - 8}" y="${y + 14}" text-anchor="end">${esc(s.name)}${(s.processes ?? 1) > 1 ? ` (${s.processes} processes)` : ''}${s.database === 'postgresql' ? ' (PostgreSQL)' : ''}${s.kept_answers === false ? ' (afresh)' : ''}</text>`,
      `<rect x="${labelW}" y="${y + 3}" width="${Math.max(1, x(s.ratio) - labelW).toFixed(1)}" height="${rowH - 6}" class="${ok ? 'ok' : 'short'}"/>`,
      `<text x="${x(s.ratio) + 4}" y="${y + 14}">${s.ratio.toFixed(3)}×</text>`,
      target == null
        ? ''
        : `<line x1="${x(target)}" x2="${x(target)}" y1="${y + 1}" y2="${y + rowH - 1}" class="target"/>`,
    ].join('')
  })
  const h = rows.length * rowH + 30
  return `<svg viewBox="0 0 ${labelW + barW + 90} ${h}" width="100%" role="img" aria-label="Ratio to bare node:http per scenario">
<text x="${labelW}" y="12" class="axis">0×</text><text x="${labelW + barW}" y="12" class="axis" text-anchor="end">${max.toFixed(2)}×</text>
${bars.join('\n')}</svg>`
}

function growthChart(growth) {
  if (!growth?.length) return '<p>Not measured in this run (the growth table needs <code>BENCH_GROWTH=1</code>).</p>'
  const sizes = [...new Set(growth.flatMap((g) => g.points.map((p) => p.rows)))].sort((a, b) => a - b)
  const W = 640
  const H = 260
  const pad = 50
  const maxP50 = Math.max(...growth.flatMap((g) => g.points.map((p) => p.p50_ms)))
  const xs = (rows) => pad + (sizes.indexOf(rows) / Math.max(1, sizes.length - 1)) * (W - 2 * pad)
  const ys = (ms) => H - pad + 10 - (ms / maxP50) * (H - 2 * pad)
  const lines = growth.map((g, i) => {
    const pts = g.points.map((p) => `${xs(p.rows).toFixed(1)},${ys(p.p50_ms).toFixed(1)}`).join(' ')
    return `<polyline points="${pts}" class="series s${i % 6}"/><text x="${W - pad + 4}" y="${ys(g.points.at(-1).p50_ms)}" class="s${i % 6}-label">${esc(g.name)}</text>`
  })
  const ticks = sizes.map((n) => `<text x="${xs(n)}" y="${H - 18}" text-anchor="middle" class="axis">${fmt(n)}</text>`)
  return `<svg viewBox="0 0 ${W + 260} ${H}" width="100%" role="img" aria-label="p50 latency against table size">
<text x="${pad}" y="14" class="axis">p50 ms (max ${maxP50.toFixed(2)})</text>${ticks.join('')}${lines.join('\n')}</svg>`
}

/** Issue 30's rows: the mixed load with its stale reads, then each write alone, per database. */
function writesTable(passes) {
  if (!passes?.length) return '<p>Not measured in this run (<code>BENCH_MIXED=0</code>).</p>'
  const rows = passes.flatMap((p) => {
    if (p.skipped) return [`<tr><td>${esc(p.database)}</td><td colspan="7">skipped: ${esc(p.skipped)}</td></tr>`]
    const server = `${esc(p.database)}, ${p.processes} processes`
    const m = p.mixed
    const row = (x, stale) =>
      `<tr><td>${esc(x.name)}</td><td>${server}</td><td>${fmt(x.rps)}</td><td>${fmt(x.p50_ms, 2)}</td><td>${fmt(x.p99_ms, 2)}</td><td>${x.ratio == null ? '–' : `${x.ratio.toFixed(3)}×`}</td><td>${stale}</td><td>${esc(x.skipped ?? x.errors ?? '')}</td></tr>`
    return [
      row(
        m,
        `${m.stale_reads} / ${m.stale_rounds}, alone ${m.quiet_stale_reads ?? '–'} / ${m.quiet_stale_rounds ?? '–'}`,
      ),
      ...p.writes.map((w) => row(w, '')),
    ]
  })
  return `<table><thead><tr><th>row</th><th>server</th><th>req/s</th><th>p50 ms</th><th>p99 ms</th><th>ratio</th><th>stale / rounds</th><th>errors</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`
}

export function reportHtml(results) {
  const rows = results.scenarios
    .map(
      (s) =>
        `<tr><td>${esc(s.name)}${s.kept_answers === false ? ' (afresh)' : ''}</td><td>${esc(s.kind ?? '')}</td><td>${esc(s.database ?? '')}</td><td>${s.processes ?? ''}</td><td>${fmt(s.rps)}</td><td>${fmt(s.p50_ms, 2)}</td><td>${fmt(s.p99_ms, 2)}</td><td>${s.ratio == null ? '–' : `${s.ratio.toFixed(3)}×`}</td><td>${fmt(s.rss_mb)}</td></tr>`,
    )
    .join('\n')
  const targets = (results.targets ?? [])
    .map((t) => `<li class="${t.status.toLowerCase()}">${t.status} ${esc(t.label)} (${esc(t.detail)})</li>`)
    .join('\n')
  const st = results.settings ?? {}
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench ${esc(results.generated_at)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;max-width:1100px;color:#1f1f1f}
svg text{font-size:12px;fill:#333}.axis{fill:#777}
rect.ok{fill:#2f7d4f}rect.short{fill:#c0392b}line.target{stroke:#111;stroke-width:2}
polyline.series{fill:none;stroke-width:2}.s0{stroke:#1f77b4}.s1{stroke:#d62728}.s2{stroke:#2ca02c}.s3{stroke:#9467bd}.s4{stroke:#ff7f0e}.s5{stroke:#17becf}
table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right}td:first-child,th:first-child{text-align:left}
li.fail{color:#c0392b}li.pass{color:#2f7d4f}
</style></head><body>
<h1>npm run bench — ${esc(results.generated_at)}</h1>
<p>${fmt(st.cpus)} CPUs, load average ${esc(st.load_average)}, ${esc(st.node)}, ${fmt(st.projects)} projects, wrk ${fmt(st.connections)} connections × ${fmt(st.seconds)} s. Start-up to first 200: ${fmt(results.startup_ms)} ms (${fmt(results.startup_1_process_ms)} ms with one process).</p>
<h2>Ratio to bare node:http (bar: this run; black line: the target)</h2>
${ratioChart(results.scenarios)}
<h2>Growth: p50 of the same request as the table grows</h2>
${growthChart(results.growth)}
<h2>Scenarios</h2>
<table><thead><tr><th>scenario</th><th>kind</th><th>database</th><th>processes</th><th>req/s</th><th>p50 ms</th><th>p99 ms</th><th>ratio</th><th>RSS MB</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2>Mixed reads and writes, and writes alone (issue 30)</h2>
${writesTable(results.writes)}
<h2>Targets</h2><ul>${targets}</ul>
${results.soak_section ?? '<!-- soak --><!-- /soak -->'}
</body></html>
`
}

/** Per-minute p99 and sampled RSS of each soak run (scripts/soak.mjs), between markers the bench keeps. */
export function soakSection(soak) {
  const W = 640
  const H = 220
  const pad = 44
  const chart = (title, series, unit) => {
    const all = series.flatMap((s) => s.points)
    if (!all.length) return ''
    const maxX = Math.max(1, ...all.map((p) => p.x))
    const maxY = Math.max(1, ...all.map((p) => p.y))
    const px = (x) => pad + (x / maxX) * (W - 2 * pad)
    const py = (y) => H - pad + 10 - (y / maxY) * (H - 2 * pad)
    const lines = series.map(
      (s, i) =>
        `<polyline class="series s${i}" points="${s.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ')}"/><text x="${W - pad}" y="${20 + i * 14}" text-anchor="end" class="s${i}">${esc(s.name)}</text>`,
    )
    return `<h3>${esc(title)}</h3><svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${esc(title)}">
<text x="${pad}" y="${H - 8}" class="axis">0 min</text><text x="${W - pad}" y="${H - 8}" class="axis" text-anchor="end">${fmt(maxX)} min</text><text x="4" y="${pad - 20}" class="axis">${fmt(maxY, 1)} ${unit}</text>
${lines.join('\n')}</svg>`
  }
  const rows = soak.runs
    .map(
      (r) =>
        `<tr><td>${esc(r.database)}</td><td>${r.verdict.pass ? 'PASS' : 'FAIL'}</td><td>${fmt(r.verdict.rss_slope_mb_per_min, 2)}</td><td>${fmt(r.verdict.first_p99_ms, 1)} → ${fmt(r.verdict.last_p99_ms, 1)}</td><td>${fmt(r.verdict.errors)} (warm-up ${fmt(r.verdict.warmup_errors ?? 0)})</td><td>${fmt(r.verdict.jobs_finished)}</td></tr>`,
    )
    .join('\n')
  return `<!-- soak --><section id="soak"><h2>Soak (npm run soak) — ${esc(soak.at)}</h2>
<p>${fmt(soak.settings.minutes)} minutes at ${fmt(soak.settings.rate)} req/s, ${fmt(soak.settings.runners)} runners long-polling, ${fmt(soak.settings.schedules)} every-minute schedules; judged after ${fmt(soak.settings.warmup_minutes)} minutes' warm-up.</p>
<table><thead><tr><th>database</th><th>verdict</th><th>RSS slope MB/min (≤ 1)</th><th>p99 ms first → last (≤ 1.5×)</th><th>errors after warm-up</th><th>jobs finished</th></tr></thead><tbody>${rows}</tbody></table>
${chart(
  'p99 per minute',
  soak.runs.map((r) => ({ name: r.database, points: r.minutes.map((m) => ({ x: m.minute, y: m.p99_ms })) })),
  'ms',
)}
${chart(
  'RSS of the largest process',
  soak.runs.map((r) => ({ name: r.database, points: r.samples.map((s) => ({ x: s.at_min, y: s.rss_mb })) })),
  'MB',
)}
</section><!-- /soak -->`
}
