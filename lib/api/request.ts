// What the kernel reads of a request. A Web Request satisfies it; so does the node:http mount's
// request without a body (lib/server/node-bridge.ts), which reads node's own parsed headers instead
// of building Request + Headers objects — measured at a tenth of a small read's CPU.

/** The header reads the kernel and handlers make (names are case-insensitive). */
export interface RequestHeaders {
  get(name: string): string | null
  has(name: string): boolean
}

export interface ApiRequest {
  readonly method: string
  /** Absolute URL, path still percent-encoded. */
  readonly url: string
  readonly headers: RequestHeaders
  readonly body: ReadableStream<Uint8Array> | null
  text(): Promise<string>
  formData(): Promise<FormData>
  arrayBuffer(): Promise<ArrayBuffer>
  /** The same request as a Web Request, when it is not one (for the rare code that needs one). */
  toRequest?(): Request
  /**
   * The node:http mount's requests with a body: reads it up to `limit` bytes from node's stream,
   * 'too-large' as soon as more arrived — no Web Request or stream is built (`body` would build them).
   */
  readBody?(limit: number): Promise<Uint8Array | 'too-large'>
}

/** Whether the request has a body to read, asked without building one. */
export const carriesBody = (req: ApiRequest): boolean => req.readBody !== undefined || req.body !== null

export function webRequest(req: ApiRequest): Request {
  if (req instanceof Request) return req
  if (!req.toRequest) throw new Error('request cannot become a Web Request')
  return req.toRequest()
}
