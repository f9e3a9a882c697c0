// The list's state tabs, shared by the server page (which reads ?state=) and the client list.
export const EPIC_STATE_TABS = [
  { value: 'opened', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const
export type EpicStateTab = (typeof EPIC_STATE_TABS)[number]['value']

export const epicStateTab = (v: string | undefined): EpicStateTab =>
  EPIC_STATE_TABS.find((t) => t.value === v)?.value ?? 'opened'
