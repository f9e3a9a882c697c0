// next-auth's endpoints (/api/auth/signin, /callback/credentials, /signout, /csrf, /session).
import NextAuth from 'next-auth'
import { authOptions } from '@/lib/console/next-auth'

export const dynamic = 'force-dynamic'

// next-auth 4 declares its handler `any`; under the App Router it is this route-handler shape.
const handler = NextAuth(authOptions) as (
  req: Request,
  ctx: { params: Promise<{ nextauth: string[] }> },
) => Promise<Response>
export { handler as GET, handler as POST }
