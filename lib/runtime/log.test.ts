import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { requestLine } from './log'

describe('request log line', () => {
  it("is the line pino's own info() writes for the same fields", () => {
    const lines: string[] = []
    const log = pino(
      { level: 'info', base: undefined, timestamp: () => ',"time":1764162000123' },
      { write: (l: string) => lines.push(l) },
    )
    const line = {
      method: 'GET',
      route: '/projects/:id',
      status: 200,
      duration_ms: 1.25,
      request_id: '6f1c0b8e-2f0a-4c55-9d3e-8f7a1b2c3d4e',
    }
    log.info(line)
    expect(requestLine(line, 1764162000123)).toBe(lines[0])
    const odd = { ...line, route: 'un"matched\\', status: 404, duration_ms: 0 }
    log.info(odd)
    expect(requestLine(odd, 1764162000123)).toBe(lines[1])
  })
})
