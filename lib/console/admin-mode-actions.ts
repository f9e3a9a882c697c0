'use server'
// Server actions of admin mode: entering it re-checks the administrator's password for this
// session (the page then returns where requireAdmin sent them from); leaving ends it at once.
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { enterAdminMode, leaveAdminMode } from '../settings/admin-mode'
import { formText } from '../util/form'
import { userById } from '../users/find'
import { safeCallback } from './paths'
import { currentActor, sessionToken } from './session'

export interface AdminModeState {
  error?: string
}

export async function enterAdminModeAction(_prev: AdminModeState, form: FormData): Promise<AdminModeState> {
  const [actor, token] = await Promise.all([currentActor(), sessionToken()])
  if (!actor || !token) redirect('/login?callbackUrl=%2Fadmin%2Fsettings')
  const password = formText(form, 'password')
  if (!password) return { error: 'Enter your password.' }
  if (!(await enterAdminMode(await userById(actor.user.id), token, password))) return { error: 'Invalid password.' }
  revalidateShell()
  redirect(safeCallback(formText(form, 'redirect'), '/admin/settings'))
}

export async function leaveAdminModeAction(): Promise<void> {
  const token = await sessionToken()
  if (token) await leaveAdminMode(token)
  revalidateShell()
  redirect('/projects')
}

/** The layout (top bar: "Leave admin mode") is kept across navigations unless told it changed. */
function revalidateShell() {
  revalidatePath('/', 'layout')
}
