import { describe, expect, it } from 'vitest'
import { isOpenPath, safeNextPath, signInPathFrom } from './paths.ts'

describe('console paths', () => {
  it('when the member was on a console page, then sign-in sends them back there', () => {
    expect(signInPathFrom(new URL('http://x/console/audit?page=2'))).toBe('/console/sign-in?next=%2Fconsole%2Faudit%3Fpage%3D2')
    expect(safeNextPath('/console/audit?page=2')).toBe('/console/audit?page=2')
  })

  it('when the member was on the home page, then sign-in carries no next', () => {
    expect(signInPathFrom(new URL('http://x/console'))).toBe('/console/sign-in')
  })

  it('when next points anywhere but a console page, then it is home', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/console',
      '//evil.example/console',
      '/\\evil.example',
      '/en/about.html',
      '/consoles',
      '/console/sign-in',
      'console',
    ]) {
      expect(safeNextPath(next)).toBe('/console')
    }
  })

  it('when a page is sign-in or a set-up link, then it is open without a session', () => {
    expect(isOpenPath('/console/sign-in')).toBe(true)
    expect(isOpenPath('/console/setup/abc')).toBe(true)
    expect(isOpenPath('/console')).toBe(false)
    expect(isOpenPath('/console/staff')).toBe(false)
  })
})
