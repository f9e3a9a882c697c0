// What the console shell needs from the application settings, read on the server for the layout:
// where sign-out leads (after_sign_out_path) and whether to offer "Leave admin mode".
import type { Actor } from '../auth/actor'
import { inAdminMode } from '../settings/admin-mode'
import { currentSettings } from '../settings/service'
import { sessionToken } from './session'

export interface ShellState {
  /** Absolute URL or path to open after signing out; null → the login page. */
  afterSignOutPath: string | null
  /** 'active' when this administrator's session is in admin mode; null when admin_mode is off or not an admin. */
  adminMode: 'active' | 'inactive' | null
}

export async function shellState(actor: Actor): Promise<ShellState> {
  const s = await currentSettings()
  const path =
    typeof s.after_sign_out_path === 'string' && s.after_sign_out_path.trim() ? s.after_sign_out_path.trim() : null
  let adminMode: ShellState['adminMode'] = null
  if (actor.user.admin && s.admin_mode === true) {
    const token = await sessionToken()
    adminMode = token && (await inAdminMode(token)) ? 'active' : 'inactive'
  }
  return { afterSignOutPath: path, adminMode }
}
