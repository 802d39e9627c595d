import { describe, expect, it } from 'vitest'
import { BADGE_COLOURS, BADGE_ROLES, badgeRoleOf, contrastRatio } from './badges.ts'

describe('badge roles', () => {
  it('sets every role word at 4.5:1 or more on its band', () => {
    for (const role of BADGE_ROLES) expect(contrastRatio(BADGE_COLOURS[role].band, BADGE_COLOURS[role].text), role).toBeGreaterThanOrEqual(4.5)
  })

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('makes every pass an exhibitor and an unknown role a visitor', () => {
    expect(badgeRoleOf('vip', true)).toBe('exhibitor')
    expect(badgeRoleOf('press', false)).toBe('press')
    expect(badgeRoleOf('boss', false)).toBe('visitor')
    expect(badgeRoleOf(null, false)).toBe('visitor')
  })
})
