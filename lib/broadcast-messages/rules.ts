// Broadcast message vocabulary and GitLab's model validations (System::BroadcastMessage), pure so the
// service and the console form apply the very same rules with the very same messages.
export const THEMES = [
  'indigo',
  'light-indigo',
  'blue',
  'light-blue',
  'green',
  'light-green',
  'red',
  'light-red',
  'dark',
  'light',
] as const
export const BROADCAST_TYPES = ['banner', 'notification'] as const
/** Roles a message may target (Gitlab::Access without No access / Minimal access). */
export const TARGET_LEVELS = [10, 15, 20, 30, 40, 50] as const
export const TARGET_PATH_MAX = 255

export type Theme = (typeof THEMES)[number]

/** GitLab's ColorValidator: `#abc` or `#aabbcc`. */
export const COLOR_CODE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export interface ModelFields {
  message: string
  startsAt: Date
  endsAt: Date
  font: string | null
  color: string | null
  targetPath: string
}

/** Errors keyed by API field name, as `{"message":{"font":["must be a valid color code"]}}`. */
export function modelErrors(m: ModelFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  const add = (field: string, text: string) => (errors[field] ??= []).push(text)
  if (!m.message.trim()) add('message', "can't be blank")
  // GitLab validates these with allow_blank: an empty colour means "theme default".
  if (m.color && !COLOR_CODE.test(m.color)) add('color', 'must be a valid color code')
  if (m.font && !COLOR_CODE.test(m.font)) add('font', 'must be a valid color code')
  if (m.endsAt.getTime() < m.startsAt.getTime()) add('ends_at', 'must be after start')
  if (m.targetPath.length > TARGET_PATH_MAX)
    add('target_path', `is too long (maximum is ${TARGET_PATH_MAX} characters)`)
  return errors
}

/** scheduled / active / expired: `active` is starts_at <= now < ends_at, like GitLab's `active?`. */
export function statusOf(
  startsAt: Date | string,
  endsAt: Date | string,
  now = new Date(),
): 'scheduled' | 'active' | 'expired' {
  const start = new Date(startsAt).getTime()
  const end = new Date(endsAt).getTime()
  if (now.getTime() < start) return 'scheduled'
  return now.getTime() < end ? 'active' : 'expired'
}
