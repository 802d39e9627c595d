import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../../shared/languages.ts'
import { addressKey } from '../../rate-limits.ts'
import { escapeHtml } from '../../kit/escape.ts'
import { html, withElements } from './html.ts'
import { safeReturn } from './login.routes.ts'
import { loadStrings } from '../../kit/strings.ts'
import { renderLoginPage } from './template.ts'

const SITE = 'https://expo.example'

describe('html templates', () => {
  it('when values hold markup, then they are escaped; SafeHtml parts are not', () => {
    expect(escapeHtml(`<script>"a" & 'b'</script>`)).toBe('&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;')
    const link = html`<a href="${'https://x.example/?a=1&b="2"'}">${'<b>'}</a>`
    expect(link.value).toBe('<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;</a>')
    expect(html`<p>${[html`<i>${'<x>'}</i>`, null, false, 3]}</p>`.value).toBe('<p><i>&lt;x&gt;</i>3</p>')
  })

  it('when a translated sentence places links, then the words around them stay text', () => {
    const sentence = withElements('<b>Accept</b> the {{terms}} & the {{privacy}} {{unknown}}', { terms: html`<a>T</a>`, privacy: html`<a>P</a>` })
    expect(sentence.value).toBe('&lt;b&gt;Accept&lt;/b&gt; the <a>T</a> &amp; the <a>P</a> {{unknown}}')
  })
})

describe('the login page', () => {
  const strings = loadStrings('login')
  const page = (view: Parameters<typeof renderLoginPage>[0]['view'], lang: 'en' | 'ru' = 'en') =>
    renderLoginPage({
      view,
      state: { lang, returnTo: null },
      t: strings(lang === 'ru' ? 'ru' : 'en'),
      htmlLang: lang,
      brand: 'Expo <Brand>',
      siteOrigin: SITE,
      assets: { css: '/login/assets/login.abc.css', js: '/login/assets/login.abc.js' },
    })

  it('when rendered, then it has no inline script or style and names its own files', () => {
    const output = page({ name: 'signin', email: '"><script>alert(1)</script>' })
    expect(output).not.toMatch(/<script>(?!<)/)
    expect(output).not.toMatch(/ style=/)
    expect(output).not.toContain('<script>alert(1)')
    expect(output).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(output).toContain('<script type="module" src="/login/assets/login.abc.js"></script>')
    expect(output).toContain('Expo &lt;Brand&gt;')
    expect(output).toContain(`data-site-origin="${SITE}"`)
  })

  it('when the visitor is signed in, then the last step carries the ticket to the site and no password field', () => {
    const output = page({ name: 'done', ticket: 't.abc', nick: 'Ann' })
    expect(output).toContain(`action="${SITE}/api/session"`)
    expect(output).toContain('name="cookie" value="t.abc"')
    expect(output).not.toContain('type="password"')
  })

  it('when Russian counts minutes, then the plural form fits the number', () => {
    const t = strings('ru')
    expect(t('errors.locked', { count: 1 })).toContain('1 минуту')
    expect(t('errors.locked', { count: 3 })).toContain('3 минуты')
    expect(t('errors.locked', { count: 15 })).toContain('15 минут.')
    expect(strings('en')('errors.locked', { count: 1 })).toBe('Too many attempts. Please try again in 1 minute.')
  })

  it('when any locale is asked for any step, then every string exists', () => {
    for (const locale of LOCALES) {
      const t = strings(locale)
      for (const key of ['title.signin', 'title.done', 'intro.verify', 'errors.credentials', 'mail.verify.subject', 'mail.exists.text', 'legal.text']) {
        expect(t(key, { count: 2, email: 'a@b.c', minutes: 15, code: '123456', brand: 'B', url: 'u' })).not.toMatch(/\{\{\s*(email|minutes|code|brand)\s*\}\}/)
      }
    }
  })
})

describe('return addresses and rate-limit keys', () => {
  it('when the return address is not a page of the site, then it is dropped (no open redirect)', () => {
    expect(safeReturn(`${SITE}/en/backDetail/3?x=1#a`, SITE)).toBe(`${SITE}/en/backDetail/3?x=1#a`)
    for (const value of [
      'https://evil.example/en/',
      `${SITE}.evil.example/en/`,
      '//evil.example/en',
      'javascript:alert(1)',
      `${SITE}/api/session`,
      42,
      null,
      `${SITE}/${'x'.repeat(3000)}`,
    ]) {
      expect(safeReturn(value, SITE)).toBeNull()
    }
  })

  it('when an IPv6 visitor changes the low bits, then the same /64 is counted', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'))
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('')).toBe('unknown')
  })
})
