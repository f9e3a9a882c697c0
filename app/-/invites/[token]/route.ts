// GitLab's accept link under `next dev` and API_MOUNT=next (npm start's server redirects it itself).
import { handleRequest } from '@/lib/server/handler'

export const dynamic = 'force-dynamic'
export const GET = (req: Request) => handleRequest(req)
