// Matches the raw (still percent-encoded) path against the endpoint table, so `group%2Fproject` is
// one `:id` segment and an unencoded `group/project` matches nothing (404), as the spec says.
import type { Endpoint } from './endpoint'

/** One position of a route: its literal segments, its parameter, and the routes that end here. */
interface Node {
  literals: Map<string, Node>
  param?: Node
  /** The route of this shape (literal/parameter pattern) and its parameter names, in order. */
  leaf?: { endpoint: Endpoint; params: string[] }
}

export interface Match {
  endpoint: Endpoint
  pathParams: Record<string, string>
}

const node = (): Node => ({ literals: new Map() })

/**
 * A tree per method: a path walks it segment by segment, trying the literal child before the
 * parameter, and backtracks — so a literal segment beats a parameter at the first position where
 * two routes differ (`/projects/:id/members/all` before `/members/:user_id`), without comparing the
 * path against every route of its length.
 */
export class Router {
  private byMethod = new Map<string, Node>()

  constructor(endpoints: readonly Endpoint[]) {
    for (const endpoint of endpoints) {
      let at = this.byMethod.get(endpoint.method)
      if (!at) this.byMethod.set(endpoint.method, (at = node()))
      const params: string[] = []
      for (const segment of endpoint.path.split('/').filter(Boolean)) {
        if (segment.startsWith(':')) {
          params.push(segment.slice(1))
          at = at.param ??= node()
        } else {
          let next = at.literals.get(segment)
          if (!next) at.literals.set(segment, (next = node()))
          at = next
        }
      }
      // Two routes of one shape (`/groups/:id/projects` and `/groups/:group_id/projects`): only
      // the first could ever match, so the second is a mistake in the endpoint table.
      if (at.leaf)
        throw new Error(
          `${endpoint.method} ${endpoint.path} has the shape of ${at.leaf.endpoint.method} ${at.leaf.endpoint.path}: one of them can never match`,
        )
      at.leaf = { endpoint, params }
    }
  }

  match(method: string, rawPath: string): Match | null {
    const parts = rawPath.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
    if (parts.some((s) => s === '')) return null
    const root = this.byMethod.get(method === 'HEAD' ? 'GET' : method)
    if (!root) return null
    const values: string[] = []
    const walk = (at: Node, i: number): Node['leaf'] => {
      if (i === parts.length) return at.leaf
      const part = parts[i]!
      const literal = at.literals.get(part)
      const found = literal && walk(literal, i + 1)
      if (found) return found
      if (!at.param) return undefined
      let value: string
      try {
        value = decodeURIComponent(part)
      } catch {
        return undefined
      }
      if (!value) return undefined
      values.push(value)
      const viaParam = walk(at.param, i + 1)
      if (!viaParam) values.pop()
      return viaParam
    }
    const leaf = walk(root, 0)
    if (!leaf) return null
    const pathParams: Record<string, string> = {}
    for (let k = 0; k < leaf.params.length; k++) pathParams[leaf.params[k]!] = values[k]!
    return { endpoint: leaf.endpoint, pathParams }
  }
}
