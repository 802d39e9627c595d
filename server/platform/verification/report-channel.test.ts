import { describe, expect, it } from 'vitest'
import { reportChannelOf } from './report-channel.ts'

const keyOf = (value: string) => {
  const channel = reportChannelOf(value, null)
  return channel.ok ? `${channel.kind}:${channel.key}` : channel.error
}

describe('reportChannelOf (docs/product.md#scam-reports)', () => {
  it('when a Telegram link, a labelled name and a bare @name name one account, then they share one group key', () => {
    expect(keyOf('https://t.me/Aurum_Support_Desk')).toBe('account:aurum_support_desk')
    expect(keyOf('@aurum_support_desk')).toBe('account:aurum_support_desk')
    expect(keyOf('Telegram: @AURUM_SUPPORT_DESK')).toBe('account:aurum_support_desk')
  })

  it('when a WhatsApp link carries a number, then it is grouped with that phone number', () => {
    expect(keyOf('https://wa.me/447700900123')).toBe(keyOf('+44 7700 900123'))
    expect(keyOf('+44 7700 900123')).toBe('phone:+447700900123')
  })

  it('when an invite link is reported, then its code is the key, case kept', () => {
    expect(keyOf('https://t.me/+AbCdEfGhIjKl')).toBe('invite:+AbCdEfGhIjKl')
  })

  it('when web addresses of one registrable domain differ in path, case and www, then they are one group', () => {
    expect(keyOf('https://WWW.aurum-expo-support.com/login?x=1')).toBe('domain:aurum-expo-support.com')
    expect(keyOf('aurum-expo-support.com')).toBe('domain:aurum-expo-support.com')
  })

  it('when an e-mail address is written with a name around it, then the address is the key', () => {
    expect(keyOf('Aurum Desk <Desk@Aurum-Help.com>')).toBe('email:desk@aurum-help.com')
  })

  it('when a value cannot be read, then the lookup’s own field message is given', () => {
    expect(keyOf('')).toBe('verify:errors.empty')
    expect(keyOf('12')).toMatch(/^verify:errors\./)
  })
})
