// The catch-all route: `next dev` and plain `next start` serve the API through it. `npm start` hands
// /api/v4 to the same dispatcher directly from its node:http server (see server/serve.ts).
import { handleRequest } from '@/lib/server/handler'

export const dynamic = 'force-dynamic'

const handler = (req: Request) => handleRequest(req)
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as HEAD }
