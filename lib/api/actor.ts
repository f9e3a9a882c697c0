// Who is calling: the kernel hands it to every handler. Built by the app's authenticate hook (lib/auth)
// from a token or the console session; defined here so that lib/api needs no domain to name it.
import type { User } from '../db'

export type ActorUser = Omit<User, 'passwordHash'>

export interface Actor {
  user: ActorUser
  /** The token used, or null for the console session and in-process calls. */
  token: { id: number; scopes: readonly string[] } | null
  via: 'token' | 'session' | 'internal' | 'job'
  /** A CI job token's job: the token reaches only its own project, only while the job runs. */
  job?: { id: number; projectId: number }
  /** Set when an administrator acts as `user` through sudo. */
  sudoFrom?: ActorUser
  /** An administrator who is not in admin mode while admin_mode is on (the console offers re-authentication). */
  adminModeRequired?: boolean
}
