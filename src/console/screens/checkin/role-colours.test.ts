import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BADGE_COLOURS, BADGE_ROLES } from '../../../../shared/rules/badges.ts'

/** The door's bands are the badge's colours (CSS cannot read the rule, and the CSP forbids inline styles). */
describe('the door role bands', () => {
  it('use the colours of shared/rules/badges.ts for every role', () => {
    const css = readFileSync(join(import.meta.dirname, 'checkin.module.css'), 'utf8')
    for (const role of BADGE_ROLES) {
      const name = `.role${role[0]?.toUpperCase()}${role.slice(1)}`
      const block = new RegExp(`\\${name} \\{\\s*background: (#[0-9a-f]{6});\\s*color: (#[0-9a-f]{6});`).exec(css)
      expect(block?.slice(1), role).toEqual([BADGE_COLOURS[role].band, BADGE_COLOURS[role].text])
    }
  })
})
