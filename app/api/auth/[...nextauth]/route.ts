// next-auth's endpoints (/api/auth/signin, /callback/credentials, /signout, /csrf, /session).
import NextAuth from 'next-auth'
import { authOptions } from '@/lib/console/next-auth'

export const dynamic = 'force-dynamic'

const handler = NextAuth(authOptions)
export { handler as GET, handler as POST }
