// One broadcast message as users see it: a full-width banner or a small notification card. Shared
// by the live layout and the admin form's preview, so the preview is exactly what will be shown.
import { Button } from '../ui/button'
import { cx } from '../ui/cx'
import './broadcast.css'
import { themeClass } from './themes'

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

export function BroadcastView({
  message,
  broadcastType,
  theme,
  font,
  dismissable,
  onDismiss,
  testId,
  messageId,
}: BroadcastViewProps) {
  const isBanner = broadcastType !== 'notification'
  // The theme's colours are classes. The legacy font colour is the message's own (a colour code,
  // checked by the API): set through the CSS object model once the element exists, which the CSP
  // allows, where a style="" attribute is refused. Until hydration the theme's text colour shows.
  const applyFont = (el: HTMLDivElement | null) => {
    if (el) el.style.color = font ?? ''
  }
  return (
    <div
      role="status"
      ref={applyFont}
      className={cx(
        'broadcast',
        isBanner && 'broadcast-banner',
        isBanner && themeClass(theme),
        !isBanner && 'broadcast-notification',
      )}
      data-testid={testId}
      data-message-id={messageId}
    >
      <div className="broadcast-text">{message || <em>Your message here</em>}</div>
      {dismissable ? (
        <Button
          variant="link"
          className="broadcast-dismiss"
          aria-label="Dismiss"
          onClick={onDismiss}
          data-testid={testId ? 'dismiss-broadcast-button' : undefined}
        >
          ×
        </Button>
      ) : null}
    </div>
  )
}
