import { describe, expect, it } from 'vitest'
import { ACCESS } from '../auth/access-levels'
import { projectCreationAllowed, subgroupCreationAllowed } from './creation-levels'

describe('subgroupCreationAllowed', () => {
  it('lets Maintainers and Owners create subgroups by default, Owners only when set to owner', () => {
    expect(subgroupCreationAllowed('maintainer', ACCESS.MAINTAINER)).toBe(true)
    expect(subgroupCreationAllowed('maintainer', ACCESS.DEVELOPER)).toBe(false)
    expect(subgroupCreationAllowed('owner', ACCESS.MAINTAINER)).toBe(false)
    expect(subgroupCreationAllowed('owner', ACCESS.OWNER)).toBe(true)
  })
})

describe('projectCreationAllowed', () => {
  it("follows the group's project_creation_level", () => {
    expect(projectCreationAllowed('developer', ACCESS.DEVELOPER)).toBe(true)
    expect(projectCreationAllowed('developer', ACCESS.REPORTER)).toBe(false)
    expect(projectCreationAllowed('maintainer', ACCESS.DEVELOPER)).toBe(false)
    expect(projectCreationAllowed('maintainer', ACCESS.MAINTAINER)).toBe(true)
    expect(projectCreationAllowed('noone', ACCESS.OWNER)).toBe(false)
  })
})
