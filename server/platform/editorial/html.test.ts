import { describe, expect, it } from 'vitest'
import { markdownToHtml, readingMinutes, sanitiseArticleHtml, sanitiseBulletinHtml, visibleText } from './html.ts'

describe('sanitiseArticleHtml', () => {
  it('when the HTML holds a script, then the script and its text go', () => {
    expect(sanitiseArticleHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>')
  })

  it('when elements carry event handlers or styles, then only allowed attributes stay', () => {
    const clean = sanitiseArticleHtml('<p onclick="x()" style="color:red" class="c">t</p><img src="https://x.test/a.png" width="10" height="10" onerror="x()">')
    expect(clean).toBe('<p>t</p><img src="https://x.test/a.png" width="10" height="10" loading="lazy" decoding="async" />')
  })

  it('when a link has a javascript:, data: or disguised address, then the address goes and the text stays', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>x</script>',
      '//evil.test/x',
    ]) {
      const clean = sanitiseArticleHtml(`<a href="${href}">read</a>`)
      expect(clean).toBe('<a>read</a>')
    }
  })

  it('when a link leaves the site, then it gets rel noopener noreferrer nofollow and no target', () => {
    expect(sanitiseArticleHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>',
    )
    expect(sanitiseArticleHtml('<a href="/en/video.html">x</a>')).toBe('<a href="/en/video.html">x</a>')
  })

  it('when frames, objects, forms, svg or style elements come, then they are removed', () => {
    const clean = sanitiseArticleHtml(
      '<iframe src="https://x.test"></iframe><object data="x"></object><form action="/x"><input name="a"></form><svg onload="x()"><circle/></svg><style>p{}</style><p>kept</p>',
    )
    expect(clean).toBe('<p>kept</p>')
  })

  it('when an image has no size, is not https or is a data address, then it is dropped', () => {
    expect(sanitiseArticleHtml('<img src="https://x.test/a.png">')).toBe('')
    expect(sanitiseArticleHtml('<img src="http://x.test/a.png" width="1" height="1">')).toBe('')
    expect(sanitiseArticleHtml('<img src="data:image/png;base64,AAAA" width="1" height="1">')).toBe('')
  })

  it('when the body has an h1, then it becomes an h2 (the page title is the only h1)', () => {
    expect(sanitiseArticleHtml('<h1>a</h1><h6>b</h6>')).toBe('<h2>a</h2><h4>b</h4>')
  })

  it('when it is sanitised twice, then the second pass changes nothing', () => {
    const once = sanitiseArticleHtml('<p>a <a href="https://x.test">b</a></p><img src="https://x.test/a.png" width="2" height="3">')
    expect(sanitiseArticleHtml(once)).toBe(once)
  })
})

describe('sanitiseBulletinHtml', () => {
  it('when a bulletin has headings, images or tables, then only paragraphs, lists and links stay', () => {
    expect(sanitiseBulletinHtml('<h2>t</h2><p>a <img src="https://x.test/a.png" width="1" height="1"></p><table><tr><td>x</td></tr></table>')).toBe(
      't<p>a </p>x',
    )
  })
})

describe('markdownToHtml', () => {
  it('when Markdown has headings, lists, links and tables, then they become HTML', () => {
    const html = markdownToHtml('## Plan\n\n- one\n- two\n\n[site](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')
    expect(html).toContain('<h2>Plan</h2>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<a href="https://example.com">site</a>')
    expect(html).toContain('<td>1</td>')
  })

  it('when Markdown holds raw HTML with a script, then the sanitiser removes it', () => {
    expect(sanitiseArticleHtml(markdownToHtml('Hello <script>alert(1)</script> **you**'))).toBe('<p>Hello  <strong>you</strong></p>')
  })
})

describe('readingMinutes', () => {
  it('when the text is short, then one minute', () => {
    expect(readingMinutes('<p>Hello</p>')).toBe(1)
  })
  it('when there are 660 words, then three minutes', () => {
    expect(readingMinutes(`<p>${'word '.repeat(660)}</p>`)).toBe(3)
  })
  it('when the text is Chinese, then characters are counted', () => {
    expect(readingMinutes(`<p>${'字'.repeat(1200)}</p>`)).toBe(3)
  })
})

describe('visibleText', () => {
  it('when HTML has entities and tags, then plain text with entities decoded', () => {
    expect(visibleText('<p>a &amp; b</p>\n<p>c&nbsp;d</p>')).toBe('a & b c d')
  })
})

describe('markdownToHtml and CJK emphasis', () => {
  it('when bold or italic text ends in CJK punctuation and CJK text follows at once, then it is still emphasis (as the editor wrote it)', () => {
    expect(markdownToHtml('**注意：**展会将于九点开始。')).toBe('<p><strong>注意：</strong>展会将于九点开始。</p>\n')
    expect(markdownToHtml('*「重要」*のお知らせ')).toBe('<p><em>「重要」</em>のお知らせ</p>\n')
    expect(markdownToHtml('**Note:** doors open at nine.')).toBe('<p><strong>Note:</strong> doors open at nine.</p>\n')
    // Plain CommonMark elsewhere: a lone asterisk between spaces stays an asterisk.
    expect(markdownToHtml('2 * 3 = 6')).toBe('<p>2 * 3 = 6</p>\n')
  })
})
