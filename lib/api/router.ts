// Matches the raw (still percent-encoded) path against the endpoint table, so `group%2Fproject` is
// one `:id` segment and an unencoded `group/project` matches nothing (404), as the spec says.
import type { Endpoint } from './endpoint'

interface Compiled {
  endpoint: Endpoint
  segments: { literal?: string; param?: string }[]
}

export interface Match {
  endpoint: Endpoint
  pathParams: Record<string, string>
}

export class Router {
  private byMethod = new Map<string, Map<number, Compiled[]>>()

  constructor(endpoints: readonly Endpoint[]) {
    for (const endpoint of endpoints) {
      const segments = endpoint.path
        .split('/')
        .filter(Boolean)
        .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s }))
      const byLength = this.byMethod.get(endpoint.method) ?? new Map<number, Compiled[]>()
      this.byMethod.set(endpoint.method, byLength)
      const list = byLength.get(segments.length) ?? []
      list.push({ endpoint, segments })
      // Literal segments beat parameters (`/projects/:id/members/all` before `/members/:user_id`).
      list.sort((a, b) => score(b) - score(a))
      byLength.set(segments.length, list)
    }
  }

  match(method: string, rawPath: string): Match | null {
    const parts = rawPath.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
    if (parts.some((s) => s === '')) return null
    const candidates = this.byMethod.get(method === 'HEAD' ? 'GET' : method)?.get(parts.length)
    if (!candidates) return null
    outer: for (const c of candidates) {
      const pathParams: Record<string, string> = {}
      for (let i = 0; i < parts.length; i++) {
        // Candidates are grouped by segment count, so both arrays have an entry at every i.
        const seg = c.segments[i]!
        const part = parts[i]!
        if (seg.literal !== undefined) {
          if (seg.literal !== part) continue outer
        } else {
          let value: string
          try {
            value = decodeURIComponent(part)
          } catch {
            continue outer
          }
          if (!value) continue outer
          pathParams[seg.param!] = value
        }
      }
      return { endpoint: c.endpoint, pathParams }
    }
    return null
  }

  endpoints(): Endpoint[] {
    return [...this.byMethod.values()].flatMap((m) => [...m.values()].flat().map((c) => c.endpoint))
  }
}

const score = (c: Compiled) => c.segments.reduce((s, seg, i) => s + (seg.literal !== undefined ? 2 ** (16 - i) : 0), 0)
