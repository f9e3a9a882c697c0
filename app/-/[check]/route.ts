// /-/health, /-/liveness, /-/readiness under `next dev` and API_MOUNT=next (npm start's node:http
// server answers them itself by default).
import { handleRequest } from '@/lib/server/handler'

export const dynamic = 'force-dynamic'
export const GET = (req: Request) => handleRequest(req)
