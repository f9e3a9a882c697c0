// Banner colours per theme (GitLab's broadcast banner palette, approximated). Notifications ignore
// the theme, as in GitLab: they are always a light card.
import type { Theme } from '@/lib/broadcast-messages/rules'

export const THEME_COLOURS: Record<Theme, { background: string; color: string }> = {
  indigo: { background: '#4b4ba3', color: '#ffffff' },
  'light-indigo': { background: '#d1d1f0', color: '#292961' },
  blue: { background: '#1068bf', color: '#ffffff' },
  'light-blue': { background: '#cbe2f9', color: '#033464' },
  green: { background: '#217645', color: '#ffffff' },
  'light-green': { background: '#c3e6cd', color: '#0a4020' },
  red: { background: '#c91c00', color: '#ffffff' },
  'light-red': { background: '#fdd4cd', color: '#660e00' },
  dark: { background: '#1f1e24', color: '#ffffff' },
  light: { background: '#ececef', color: '#1f1e24' },
}

export const themeColours = (theme: string) => (theme in THEME_COLOURS ? THEME_COLOURS[theme as Theme] : THEME_COLOURS.indigo)
