// One broadcast message as users see it: a full-width banner or a small notification card. Shared
// by the live layout and the admin form's preview, so the preview is exactly what will be shown.
import { Button } from '../ui/button'
import { cx } from '../ui/cx'
import './broadcast.css'
import { themeColours } from './themes'

export interface BroadcastViewProps {
  message: string
  broadcastType: string
  theme: string
  /** Legacy foreground colour; overrides the theme's text colour when set. */
  font?: string | null
  dismissable?: boolean
  onDismiss?: () => void
  /** broadcast-banner / broadcast-notification on live messages; none in the preview. */
  testId?: string
  messageId?: number
}

export function BroadcastView({ message, broadcastType, theme, font, dismissable, onDismiss, testId, messageId }: BroadcastViewProps) {
  const isBanner = broadcastType !== 'notification'
  // The colours are the message's own (its theme, its font): the one style set inline.
  const themed = themeColours(theme)
  const colours = isBanner ? { background: themed.background, color: font || themed.color } : { color: font || '#1f1e24' }
  return (
    <div role="status" className={cx('broadcast', isBanner ? 'broadcast-banner' : 'broadcast-notification')} style={colours} data-testid={testId} data-message-id={messageId}>
      <div className="broadcast-text">{message || <em>Your message here</em>}</div>
      {dismissable ? (
        <Button variant="link" className="broadcast-dismiss" aria-label="Dismiss" onClick={onDismiss} data-testid={testId ? 'dismiss-broadcast-button' : undefined}>
          ×
        </Button>
      ) : null}
    </div>
  )
}
