// GitLab's role levels (Gitlab::Access).
export const ACCESS = {
  NO_ACCESS: 0,
  MINIMAL_ACCESS: 5,
  GUEST: 10,
  PLANNER: 15,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const

/** Levels a membership may have (the list). */
export const MEMBER_LEVELS = [10, 15, 20, 30, 40, 50] as const

export const levelName = (level: number) =>
  ({
    0: 'No access',
    5: 'Minimal Access',
    10: 'Guest',
    15: 'Planner',
    20: 'Reporter',
    30: 'Developer',
    40: 'Maintainer',
    50: 'Owner',
  })[level] ?? 'Custom'
