'use server'
// Accepting the terms records the version that was shown (its hash): if the terms changed while
// the user read them, the page shows the new ones instead of accepting unseen text.
import { revalidatePath } from 'next/cache'
import { redirect } from 'next/navigation'
import { safeCallback } from '@/lib/console/paths'
import { currentActor } from '@/lib/console/session'
import { acceptTerms, termsToAccept } from '@/lib/settings/terms'
import { formText } from '@/lib/util/form'

export async function acceptTermsAction(form: FormData): Promise<void> {
  const actor = await currentActor()
  const back = safeCallback(formText(form, 'redirect'))
  if (!actor) redirect(`/login?callbackUrl=${encodeURIComponent(back)}`)
  const pending = await termsToAccept(actor.user.id)
  if (pending && pending.hash !== form.get('hash')) redirect(`/terms?redirect=${encodeURIComponent(back)}`)
  if (pending) await acceptTerms(actor.user.id, pending.hash)
  revalidatePath('/', 'layout') // the console shell was never rendered for this user's pages yet
  redirect(back)
}
