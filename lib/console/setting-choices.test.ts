// The names the settings console shows for enumerated values (components/settings/setting-choices.ts).
import { describe, expect, it } from 'vitest'
import { choiceControl, choiceName, choicesOf } from '@/components/settings/setting-choices'
import { SETTINGS, SETTINGS_BY_KEY } from '@/lib/settings/definitions'

const def = (key: string) => SETTINGS_BY_KEY.get(key)!

describe('setting choices', () => {
  it("names values as GitLab's admin area does", () => {
    expect(choicesOf(def('default_project_creation'))).toEqual([
      ['0', 'No one'],
      ['1', 'Maintainers'],
      ['2', 'Developers + Maintainers'],
      ['3', 'Administrators'],
      ['4', 'Owners'],
    ])
    expect(choiceName(def('rsa_key_restriction'), -1)).toBe('Are forbidden')
    expect(choiceName(def('rsa_key_restriction'), 2048)).toBe('Must be at least 2048 bits')
  })
  it('offers "nothing" first where the default is null, by its meaning', () => {
    expect(choicesOf(def('enabled_git_access_protocol'))[0]).toEqual(['', 'Both SSH and HTTP(S)'])
  })
  it('gives every enumerated setting a name for each value (no bare code shown)', () => {
    for (const d of SETTINGS.filter((s) => s.enum)) {
      for (const [value, name] of choicesOf(d)) expect(name, `${d.key}=${value}`).not.toBe(value)
    }
  })
  it('describes enumerated settings without their codes (the control shows the names)', () => {
    const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    for (const d of SETTINGS.filter((s) => s.enum)) {
      for (const value of d.enum!.map(String)) {
        if (choiceName(d, value) === value) continue
        // A code as a word of its own ("0 no one", "track or compress", "[group]"), never inside another word.
        expect(d.description, `${d.key} mentions ${value}`).not.toMatch(
          new RegExp(`(^|[^\\w-])${escape(value)}($|[^\\w-])`),
        )
      }
      expect(d.description, d.key).not.toMatch(/\bnull\b|\[\]/)
    }
  })
  it('draws visibility as radios and enumerated lists as checkboxes', () => {
    expect(choiceControl(def('default_project_visibility'))).toBe('radios')
    expect(choiceControl(def('restricted_visibility_levels'))).toBe('checkboxes')
    expect(choiceControl(def('default_project_creation'))).toBe('select')
  })
})
