// /jwt/auth for `next dev` and plain `next start`; `npm start` serves it from its node:http server.
import { handleRequest } from '@/lib/server/handler'

export const dynamic = 'force-dynamic'

const handler = (req: Request) => handleRequest(req)
export { handler as GET }
