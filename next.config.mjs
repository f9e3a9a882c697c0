// The headers every answer of Next carries, static files included (issue 31 A10). The same list as
// lib/console/security-headers.ts's STATIC_SECURITY_HEADERS (this file is plain JavaScript and
// cannot import it; lib/console/security-headers.test.ts holds the two equal). The per-request
// Content-Security-Policy is proxy.ts's.
const securityHeaders = {
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native and Node-only modules stay outside the bundle.
  serverExternalPackages: [
    'better-sqlite3',
    'pg',
    'pino',
    're2',
    '@prisma/adapter-better-sqlite3',
    '@prisma/adapter-pg',
    '@prisma/client',
  ],
  // Type errors are caught by `npm test` (tsc --noEmit); the start-up build stays fast.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: '/:path*', headers: Object.entries(securityHeaders).map(([key, value]) => ({ key, value })) }]
  },
}
export default nextConfig
