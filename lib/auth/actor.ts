// Who is calling. The type is the kernel's (lib/api/actor.ts); built here once per request from a
// token or the console session, cached briefly.
export type { Actor, ActorUser } from '../api/actor'
