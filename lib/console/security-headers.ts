// The headers every console answer carries (issue 31 A10; docs/security.md › Console headers). The
// Content-Security-Policy holds a fresh nonce per request and is set by proxy.ts; the other headers
// are the same for every answer and are set by next.config.mjs on everything Next serves, static
// files included (a unit test holds that file's copy equal to this one).
// No imports: proxy.ts runs this module before any route, and it must stay cheap to load.

/**
 * The same for every answer, as GitLab sends them (its nginx and Rails defaults): no framing by
 * other sites, no MIME sniffing, the path and query kept from other origins, and no powerful
 * feature for a page that uses none. Only features Chromium knows are named: an unknown one is a
 * console error on every page.
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
}

/** 16 random bytes, base64: a nonce nobody can guess, new for each request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The console's policy. Scripts run only when they carry this request's nonce (Next.js puts it on
 * its own scripts when it renders a page dynamically, reading it from this very header on the
 * request) or were loaded by such a script ('strict-dynamic': Next's chunks); 'self' is there for
 * browsers without CSP 3, which ignore 'strict-dynamic'. Styles come from the console's own
 * stylesheets or a nonced <style>; no style="" attribute is allowed, so none is rendered (the UI
 * kit uses classes). Images may be data: URLs and object URLs (the avatar preview of a file not yet
 * uploaded). No plugins, no <base> elsewhere, forms and fetches to this origin only, framing by
 * this origin only (as X-Frame-Options: SAMEORIGIN says for browsers without frame-ancestors).
 * `dev`: `next dev`'s React needs eval for its error overlay and injects unnonced styles;
 * production needs neither.
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}
