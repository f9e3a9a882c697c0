// Every secret the integration suite makes (tokens the API hands out, passwords it is given, masked
// CI variable values, session cookies, registry JWTs) is recorded here, so that
// test/security/secrets-never-logged.test.ts can grep the test servers' log files and the database
// for each of them and their encodings. Records are JSON lines in TEST_EVIDENCE_DIR (one file per
// process, appended), the directory where the servers' LOG_FILE lies too; `npm test` gives every
// step the same directory, so the security step, which runs last, sees the whole run's secrets.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface Secret {
  kind: string
  value: string
}

export const evidenceDir = (): string => {
  const dir = process.env.TEST_EVIDENCE_DIR
  if (!dir) throw new Error('TEST_EVIDENCE_DIR is set by test/setup/global.ts')
  return dir
}

/** Shorter values could match by chance (and no secret the product issues is that short). */
const MIN_LENGTH = 12

export function recordSecret(kind: string, value: unknown): void {
  if (typeof value !== 'string' || value.length < MIN_LENGTH) return
  appendFileSync(path.join(evidenceDir(), `secrets-${process.pid}.jsonl`), `${JSON.stringify({ kind, value })}\n`)
}

/**
 * What an API answer or request carries that is a secret: tokens in 2xx answers (personal, group,
 * project access tokens, runner authentication tokens, rotated tokens, registration tokens) and a
 * password or masked variable value in a request the server accepted.
 */
export function recordFromExchange(status: number, request: unknown, answer: unknown): void {
  if (status < 200 || status >= 300) return
  if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
    const a = answer as Record<string, unknown>
    recordSecret('token (API answer)', a.token)
    recordSecret('registration token (API answer)', a.runners_token)
  }
  if (request && typeof request === 'object' && !Array.isArray(request)) {
    const r = request as Record<string, unknown>
    recordSecret('password (API request)', r.password)
    if (r.masked === true || r.masked === 'true') recordSecret('masked CI variable (API request)', r.value)
  }
}

/** Every secret recorded so far in this run, each value once. */
export function recordedSecrets(): Secret[] {
  const dir = evidenceDir()
  const seen = new Map<string, Secret>()
  for (const f of readdirSync(dir)
    .filter((n) => /^secrets-\d+\.jsonl$/.test(n))
    .sort()) {
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line) continue
      const s = JSON.parse(line) as Secret
      if (!seen.has(s.value)) seen.set(s.value, s)
    }
  }
  return [...seen.values()]
}

/**
 * The forms a secret could be written in: as is, URL-encoded (encodeURIComponent and form
 * encoding), and base64 / base64url. Base64 inside a longer value (`Basic base64(user:token)`)
 * depends on where the secret starts, so each of the three alignments is included, as the
 * characters that only the secret's bytes determine (the first and last 4 are dropped).
 */
export function encodings(secret: string): { form: string; text: string }[] {
  const out = new Map<string, string>()
  const add = (form: string, text: string) => {
    if (text.length >= 8 && !out.has(text)) out.set(text, form)
  }
  add('plain', secret)
  add('url-encoded', encodeURIComponent(secret))
  add('form-encoded', new URLSearchParams({ s: secret }).toString().slice(2))
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k, 0x20), Buffer.from(secret)])
      .toString('base64')
      .slice(4, -4)
    add(`base64 (offset ${k})`, b64)
    add(`base64url (offset ${k})`, b64.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return [...out].map(([text, form]) => ({ form, text }))
}

export interface Hit {
  kind: string
  form: string
  where: string
}

/**
 * Finds every form of every secret in `text`, in one pass whatever the number of secrets: each
 * form is indexed by its first 8 characters and every 8-character window of the text is looked up.
 */
export class SecretScanner {
  private readonly byPrefix = new Map<string, { kind: string; form: string; text: string }[]>()
  readonly secrets: number
  readonly forms: number

  constructor(secrets: Secret[]) {
    let forms = 0
    for (const s of secrets) {
      for (const e of encodings(s.value)) {
        const key = e.text.slice(0, 8)
        const list = this.byPrefix.get(key) ?? []
        list.push({ kind: s.kind, ...e })
        this.byPrefix.set(key, list)
        forms++
      }
    }
    this.secrets = secrets.length
    this.forms = forms
  }

  scan(text: string, where: string): Hit[] {
    const hits: Hit[] = []
    for (let i = 0; i + 8 <= text.length; i++) {
      const candidates = this.byPrefix.get(text.slice(i, i + 8))
      if (!candidates) continue
      for (const c of candidates)
        if (text.startsWith(c.text, i)) hits.push({ kind: c.kind, form: c.form, where: `${where} @${i}` })
    }
    return hits
  }
}

/** The log files the test servers wrote in this run (LOG_FILE and any beside it). */
export function logFiles(): string[] {
  const dir = evidenceDir()
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.log'))
        .map((n) => path.join(dir, n))
    : []
}
