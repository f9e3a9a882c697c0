'use client'
// The live messages of the console layout. The layout (server) passes the messages aimed at this
// user; this component applies target_path to the current path on every client navigation (layouts
// are not re-rendered then) and hides a dismissed message at once while the server records it.
import { usePathname } from 'next/navigation'
import { useState, useTransition } from 'react'
import { dismissBroadcastAction } from '@/lib/console/broadcast-actions'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { matchesPath } from '@/lib/broadcast-messages/match'
import { BroadcastView } from './broadcast-view'

export function BroadcastMessages({
  messages,
  placement,
}: {
  messages: BroadcastMessageEntity[]
  placement: 'banner' | 'notification'
}) {
  const pathname = usePathname()
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set())
  const [, startTransition] = useTransition()
  const shown = messages.filter(
    (m) =>
      (m.broadcast_type === 'notification') === (placement === 'notification') &&
      !hidden.has(m.id) &&
      matchesPath(m.target_path, pathname),
  )
  if (!shown.length) return null

  const dismiss = (id: number) => {
    setHidden((prev) => new Set(prev).add(id))
    startTransition(async () => {
      await dismissBroadcastAction(id)
    })
  }
  const views = shown.map((m) => (
    <BroadcastView
      key={m.id}
      message={m.message}
      broadcastType={m.broadcast_type}
      theme={m.theme}
      font={m.font}
      dismissable={m.dismissable}
      onDismiss={() => dismiss(m.id)}
      testId={placement === 'banner' ? 'broadcast-banner' : 'broadcast-notification'}
      messageId={m.id}
    />
  ))
  if (placement === 'banner') return <div className="broadcast-banners">{views}</div>
  return <div className="broadcast-notifications">{views}</div>
}
