import { describe, expect, it } from 'vitest'
import { createKnownDevices, DEVICE_DAYS } from './known-devices.ts'

const NOW = Date.parse('2027-05-10T07:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000
const ID = '7f9c2b1e-4d3a-4c5b-9e8f-0a1b2c3d4e5f'

describe('known devices', () => {
  const staff = createKnownDevices('a-secret-of-the-server-32-characters', 'staff')

  it('when a browser signed in to an account, then its cookie is recognised for that account until it expires', () => {
    const value = staff.issue(ID, NOW)
    expect(staff.recognises(value, ID, NOW)).toBe(true)
    expect(staff.recognises(value, ID, NOW + (DEVICE_DAYS - 1) * DAY_MS)).toBe(true)
    expect(staff.recognises(value, ID, NOW + DEVICE_DAYS * DAY_MS)).toBe(false)
  })

  it('when the cookie is altered, names another account, comes from another kind or another secret, then it is not recognised', () => {
    const value = staff.issue(ID, NOW)
    const [id, expires, mac] = value.split('.') as [string, string, string]
    const other = '00000000-4d3a-4c5b-9e8f-0a1b2c3d4e5f'
    expect(staff.recognises(value, other, NOW)).toBe(false)
    expect(staff.recognises(`${other}.${expires}.${mac}`, other, NOW)).toBe(false)
    expect(staff.recognises(`${id}.${Number(expires) + DAY_MS}.${mac}`, ID, NOW)).toBe(false)
    expect(createKnownDevices('a-secret-of-the-server-32-characters', 'visitor').recognises(value, ID, NOW)).toBe(false)
    expect(createKnownDevices('another-secret-of-the-server-32-char', 'staff').recognises(value, ID, NOW)).toBe(false)
    for (const junk of [undefined, '', 'x', `${value}.`, `${id}.${expires}.${mac.slice(1)}`]) expect(staff.recognises(junk, ID, NOW)).toBe(false)
  })
})
