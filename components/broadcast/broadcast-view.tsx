// One broadcast message as users see it: a full-width banner or a small notification card. Shared
// by the live layout and the admin form's preview, so the preview is exactly what will be shown.
import type { CSSProperties } from 'react'
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

const banner = (theme: string, font?: string | null): CSSProperties => {
  const { background, color } = themeColours(theme)
  return { display: 'flex', alignItems: 'center', gap: 12, padding: '10px 20px', background, color: font || color }
}

const notification = (font?: string | null): CSSProperties => ({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 12,
  width: 360,
  maxWidth: 'calc(100vw - 40px)',
  padding: '12px 16px',
  background: '#ffffff',
  color: font || '#1f1e24',
  border: '1px solid #dcdcde',
  borderRadius: 6,
  boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
})

export function BroadcastView({ message, broadcastType, theme, font, dismissable, onDismiss, testId, messageId }: BroadcastViewProps) {
  const isBanner = broadcastType !== 'notification'
  return (
    <div role="status" style={isBanner ? banner(theme, font) : notification(font)} data-testid={testId} data-message-id={messageId}>
      <div style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message || <em>Your message here</em>}</div>
      {dismissable ? (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          data-testid={testId ? 'dismiss-broadcast-button' : undefined}
          style={{ background: 'transparent', border: 0, color: 'inherit', font: 'inherit', fontSize: '1.2rem', lineHeight: 1, cursor: 'pointer' }}
        >
          ×
        </button>
      ) : null}
    </div>
  )
}
