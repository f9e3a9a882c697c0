// The registry's notifications (POST /container_registry_event/events, GitLab's
// container_registry_event.rb): a push or delete somewhere else drops this process's cached tag
// lists at once, and a push to a path of a project makes sure its repository row exists.
import { z } from 'zod'
import { unauthorized } from '../api/errors'
import { config } from '../config'
import { safeEqual } from '../util/safe-equal'
import { forgetTags } from './client'
import { projectOfImagePath } from './image-path'
import { findOrCreateRepository } from './repositories'

const eventSchema = z.object({
  action: z.string(),
  target: z
    .object({ repository: z.string().optional(), tag: z.string().optional(), mediaType: z.string().optional() })
    .partial(),
})
export const eventsBodySchema = z.object({ events: z.array(z.unknown()) })

/** 401 unless the Authorization header is the configured notification secret. */
export function authorizeNotification(header: string | null): void {
  const secret = config().registryNotificationSecret
  if (!secret || !header) throw unauthorized()
  if (!safeEqual(header, secret)) throw unauthorized()
}

export async function handleRegistryEvents(events: readonly unknown[]): Promise<number> {
  let handled = 0
  for (const raw of events) {
    const parsed = eventSchema.safeParse(raw)
    if (!parsed.success) continue
    const { action, target } = parsed.data
    const path = target.repository
    if (!path || (action !== 'push' && action !== 'delete')) continue
    forgetTags(path)
    handled++
    if (action === 'push' && target.tag) {
      const owner = await projectOfImagePath(path)
      if (owner) await findOrCreateRepository(owner.project.id, owner.name)
    }
  }
  return handled
}
