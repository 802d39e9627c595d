import { describe, expect, it } from 'vitest'
import { parseSocialImagePath, socialImagePath, socialImageVersion } from './social-images.ts'

describe('social image addresses', () => {
  const source = { title: 'European Premium Expo London 2027', cover: '/demo/exhibitions/london-2027/cover.svg' }

  it('when a page names an image, then the server reads back the same language, kind, id and version', () => {
    const path = socialImagePath('zh-cn', 'exhibition', 7, source)
    expect(path).toMatch(/^\/social-images\/zh-cn\/exhibition\/7\.png\?v=[0-9a-f]{8}$/)
    const url = new URL(path, 'https://expo.example')
    expect(parseSocialImagePath(url.pathname.replace('/social-images', ''), url.searchParams.get('v'))).toEqual({
      lang: 'zh-cn',
      kind: 'exhibition',
      id: 7,
      version: socialImageVersion(source),
    })
  })

  it('when the title or the cover changes, then so does the version', () => {
    const version = socialImageVersion(source)
    expect(socialImageVersion({ ...source, title: `${source.title}!` })).not.toBe(version)
    expect(socialImageVersion({ ...source, cover: null })).not.toBe(version)
    expect(socialImageVersion({ ...source })).toBe(version)
  })

  it.each([
    ['/en/exhibition/../../etc/passwd.png'],
    ['/en/exhibition/%2e%2e.png'],
    ['/en/broker/7.png'],
    ['/en/exhibition/0.png'],
    ['/en/exhibition/7.svg'],
    ['/en/exhibition/1234567890.png'],
    ['/EN/exhibition/7.png'],
    ['/en/exhibition/7.png/x'],
  ])('when the path is %s, then it is no social image', (path) => {
    expect(parseSocialImagePath(path, undefined)).toBeNull()
  })

  it('when the version is not eight hex digits, then it is refused', () => {
    expect(parseSocialImagePath('/en/video/3.png', 'zzzzzzzz')).toBeNull()
    expect(parseSocialImagePath('/en/video/3.png', ['a', 'b'])).toBeNull()
    expect(parseSocialImagePath('/en/video/3.png', undefined)).toMatchObject({ id: 3, version: null })
  })
})
