// Next.js's proxy (its middleware, renamed in Next 16): gives every console page, the login and
// terms pages and the not-found page a Content-Security-Policy with a nonce of its own (issue 31
// A10). Next reads the nonce from the request's copy of the header and puts it on the scripts it
// renders; the answer carries the same header to the browser. The other security headers are
// constant and come from next.config.mjs. It runs inside Next, so it covers the console however it
// is reached: `next dev`, Next in the API process, or the console process behind the API workers'
// loopback proxy (lib/server/console-proxy.ts passes the header through).
import { NextResponse, type NextRequest } from 'next/server'
import { contentSecurityPolicy, newNonce } from './lib/console/security-headers'

export function proxy(request: NextRequest) {
  const nonce = newNonce()
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development')
  const headers = new Headers(request.headers)
  // A client's own x-nonce or Content-Security-Policy is replaced, never believed.
  headers.set('x-nonce', nonce)
  headers.set('Content-Security-Policy', policy)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', policy)
  return response
}

export const config = {
  matcher: [
    {
      // Not the API (/api/v4, /api/graphql, next-auth's /api/auth: JSON, their own headers), nor
      // Next's static files and the icons (no document, nothing a nonce could apply to).
      source: '/((?!api/|_next/static/|_next/image|favicon\\.ico|icon\\.svg).*)',
      // A prefetch is an RSC payload for a page the browser has not opened; the page's document
      // already has its policy.
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
}
