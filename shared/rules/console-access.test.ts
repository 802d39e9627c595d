import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONSOLE } from '../functions/console.ts'
import { CONSOLE_ACCESS, mayCall, STAFF_ROLES } from './console-access.ts'

describe('the console access table', () => {
  it('when a console function needs a staff member, then the table names its roles; public ones and unknown names are not in it', () => {
    const staffFunctions = Object.entries(CONSOLE)
      .filter(([, address]) => address.access === 'staff')
      .map(([name]) => name)
      .sort()
    expect(Object.keys(CONSOLE_ACCESS).sort()).toEqual(staffFunctions)
    for (const [name, address] of Object.entries(CONSOLE)) {
      expect(address.route, name).toBe(`console$${name}`)
      expect(address.endpoint, name).toBe('console')
    }
  })

  it('when roles are listed, then each is a known role and every function allows the owner', () => {
    for (const [name, roles] of Object.entries(CONSOLE_ACCESS)) {
      for (const role of roles) expect(STAFF_ROLES, name).toContain(role)
      expect(mayCall(['owner'], name), name).toBe(true)
    }
  })

  it('when a member holds several roles, then any one that is allowed is enough; a name nobody listed is refused to all but owners', () => {
    expect(mayCall(['checkin'], 'staffList')).toBe(false)
    expect(mayCall(['checkin', 'owner'], 'staffList')).toBe(true)
    expect(mayCall(['checkin'], 'me')).toBe(true)
    expect(mayCall(['manager', 'editor'], 'auditList')).toBe(false)
    expect(mayCall(['manager'], 'noSuchFunction')).toBe(false)
  })
})

describe('the README table of console functions', () => {
  it('when the README lists who may call a function, then it says what the access table says', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const header = readme.split('\n').find((line) => line.startsWith('| function | owner |')) ?? ''
    const roles = header
      .split('|')
      .slice(2, -1)
      .map((cell) => cell.trim())
    expect(roles).toEqual([...STAFF_ROLES])
    const rows = readme.split('\n').filter((line) => /^\| `\w+`/.test(line))
    const documented = rows.map((row) => {
      const cells = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim())
      const name = /`(\w+)`/.exec(cells[0] ?? '')?.[1] ?? ''
      return [name, roles.filter((_role, index) => cells[index + 1] === '✓')] as const
    })
    const table = Object.keys(CONSOLE_ACCESS).map((name) => [name, STAFF_ROLES.filter((role) => mayCall([role], name))] as const)
    expect(Object.fromEntries(documented.filter(([name]) => name in CONSOLE_ACCESS))).toEqual(Object.fromEntries(table))
  })
})
