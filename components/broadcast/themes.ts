// Banner colours per theme (GitLab's broadcast banner palette, approximated) are classes of
// broadcast.css, one per theme: the console's CSP refuses style="" attributes. Notifications ignore
// the theme, as in GitLab: they are always a light card.
import { THEMES, type Theme } from '@/lib/broadcast-messages/rules'

/** The banner's class for a theme; an unknown theme (older data) shows as indigo, GitLab's default. */
export const themeClass = (theme: string) =>
  `broadcast-theme-${(THEMES as readonly string[]).includes(theme) ? (theme as Theme) : 'indigo'}`
