import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { anchors, check, checkRepository, cComments, slug, type Tree } from './check-citations.ts'

/** A small repository: two pages with anchors and one source file. */
const PAGES: Record<string, string> = {
  'docs/product.md': '# The product\n\n<a id="checkin"></a>\n### Check-in at the door\n\n## 4. Entities {#entities-list}\n',
  'docs/CONVENTIONS.md': '# Conventions\n\n## Tests\n\n## Tests\n\n## HTTP routes that are not gateway functions\n',
  'docs/decisions/0003-page-cache.md': '# 3. The page cache\n\n## Keys and compression\n',
}
const FILES = [...Object.keys(PAGES), 'server/app.ts', 'src/lib/money.ts', 'test/e2e/fixtures.ts']

const tree: Tree = {
  paths: new Set(FILES.flatMap((file) => file.split('/').map((_, k, parts) => parts.slice(0, k + 1).join('/')))),
  byName: new Map(FILES.map((file) => [file.split('/').pop() ?? '', [file]])),
  anchorsOf: (path) => (PAGES[path] === undefined ? undefined : anchors(PAGES[path])),
}

const whys = (file: string, source: string) => check(tree, file, source).map((problem) => problem.why)

// Built from parts, so that this file does not carry the very citations the tree check refuses.
const TRACKER_NUMBER = ['issue', '18'].join(' ')
const TRACKER_TITLE = ['issue', '"Limits"'].join(' ')
const TITLE_ITEM = ['"Limits"', 'item'].join(' ')
const OUTSIDE_PAGE = ['CONSOLE', 'md'].join('.')
const STYLE_RULE = ['STYLE', 'rule 2'].join(' ')

describe('GitHub heading slugs and explicit anchors', () => {
  it('when a heading has numbers, punctuation and repeats, then the slugs are the ones GitHub links to', () => {
    expect(slug('12. Limits and constants')).toBe('12-limits-and-constants')
    expect(slug('Exhibitions, ticket types, coupons')).toBe('exhibitions-ticket-types-coupons')
    expect([...anchors(PAGES['docs/CONVENTIONS.md'] ?? '')]).toEqual(['conventions', 'tests', 'tests-1', 'http-routes-that-are-not-gateway-functions'])
  })

  it('when a page declares <a id> or {#id}, then those are anchors too', () => {
    const found = anchors(PAGES['docs/product.md'] ?? '')
    expect(found.has('checkin')).toBe(true)
    expect(found.has('entities-list')).toBe(true)
    expect(found.has('4-entities')).toBe(true)
  })
})

describe('comments of a TypeScript file', () => {
  it('when comment markers sit inside strings, templates and regular expressions, then only real comments are read', () => {
    const source = [
      "const url = 'https://example.com/a' // first",
      'const re = /\\/\\*not a comment/g',
      `const t = \`\${a // not}\` /* second`,
      'still second */ const s = "/* no */"',
    ].join('\n')
    expect(cComments(source)).toEqual([
      { line: 1, text: ' first' },
      { line: 3, text: ' second' },
      { line: 4, text: 'still second ' },
    ])
  })
})

describe('comments of a TSX file', () => {
  it('when a tag closes after a braced value, then the comment after it is still read', () => {
    const source = ['<Icon size={18} />', "<span>{t('x')}</span>", '{/* docs/product.md#checkin */}'].join('\n')
    expect(cComments(source)).toEqual([{ line: 3, text: ' docs/product.md#checkin ' }])
  })
})

describe('citations that do not resolve', () => {
  it('when a comment cites a path that is not in the repository, then it is reported', () => {
    expect(whys('server/app.ts', '// See server/http/gone.ts for why.\nconst a = 1')).toEqual(['server/http/gone.ts is not in the repository'])
  })

  it('when a string names a path, then it is data, not a citation', () => {
    expect(whys('server/app.ts', "const file = 'server/http/gone.ts'")).toEqual([])
  })

  it('when an anchor is not on its page, then it is reported; when it is, then it passes', () => {
    expect(whys('src/lib/money.ts', '/** Money (docs/product.md#money). */')).toEqual(['docs/product.md has no anchor #money'])
    expect(whys('src/lib/money.ts', '/** Door (docs/product.md#checkin, docs/CONVENTIONS.md#tests-1). */')).toEqual([])
    expect(whys('server/app.ts', '// docs/decisions/0003-page-cache.md#keys-and-compression and #nowhere: docs/decisions/0003-page-cache.md#nowhere')).toEqual([
      'docs/decisions/0003-page-cache.md has no anchor #nowhere',
    ])
  })

  it('when a bare page name is cited, then it must be a file of the repository with that anchor', () => {
    expect(whys('server/app.ts', '// CONVENTIONS.md#tests says so')).toEqual([])
    expect(whys('server/app.ts', '// CONVENTIONS.md#testing says so')).toEqual(['CONVENTIONS.md has no anchor #testing'])
    expect(whys('server/app.ts', '// notes.md says so')).toEqual(['notes.md is not in the repository'])
  })

  it('when a section is cited by its quoted title, then it is reported: the anchor is what gets checked', () => {
    expect(whys('server/app.ts', '// (CONVENTIONS.md "Tests")')).toEqual(['CONVENTIONS.md "Tests": cite the section by its anchor (#slug of its heading)'])
  })

  it('when a doc links a page or an anchor, then the link resolves relative to the doc', () => {
    expect(whys('docs/decisions/0003-page-cache.md', 'See [limits](../product.md#checkin) and [here](#keys-and-compression).')).toEqual([])
    expect(whys('docs/decisions/0003-page-cache.md', 'See [limits](../product.md#limits).')).toEqual(['docs/product.md has no anchor #limits'])
    expect(whys('docs/decisions/0003-page-cache.md', 'See [cache](0004-biome-pin.md).')).toEqual(['docs/decisions/0004-biome-pin.md is not in the repository'])
  })

  it('when a pattern is cited, then its folder must exist', () => {
    expect(whys('server/app.ts', '// test/e2e/*.spec.ts and src/lib/<name>.ts')).toEqual([])
    expect(whys('server/app.ts', '// test/unit/*.test.ts')).toEqual(['test/unit is not in the repository'])
  })

  it('when anything, a test name included, cites a tracker number or a design page outside the repository, then it is reported', () => {
    expect(whys('test/e2e/fixtures.ts', `test.describe('scroll positions (${TRACKER_NUMBER})', () => {})`)).toEqual([
      `"${TRACKER_NUMBER}" cites a tracker the repository does not carry`,
    ])
    expect(whys('server/app.ts', `/** Media (${OUTSIDE_PAGE} "Media"). */`)).toEqual([`"${OUTSIDE_PAGE}" is a design page outside the repository`])
    expect(whys('docs/decisions/0003-page-cache.md', `${STYLE_RULE} asks for it.`)).toEqual([
      `"${STYLE_RULE.replace(' 2', '')}" is a design page outside the repository`,
    ])
    expect(whys('server/app.ts', '// Unicode UTS #39 skeletons; a 1200×630 PNG; &#39; color: #111827')).toEqual([])
    expect(whys('server/app.ts', '// The sort is stable since #2120; see #212.')).toEqual([
      '"#2120" cites a tracker the repository does not carry',
      '"#212" cites a tracker the repository does not carry',
    ])
    expect(whys('server/app.ts', "const color = '#212'")).toEqual([])
    expect(whys('server/app.ts', `// Growing waits (${TRACKER_TITLE}); the ${TITLE_ITEM} 4 says so.`)).toEqual([
      `"${TRACKER_TITLE}" cites a tracker the repository does not carry`,
      `"${TITLE_ITEM}" cites a tracker the repository does not carry`,
    ])
    expect(whys('server/app.ts', '// A name in quotes: the "Older" link; \'issue\' alone.')).toEqual([])
  })
})
describe('the repository', () => {
  // Reads every tracked file: about 4 s on our shared 2-core machine, near the default 5 s limit.
  it('when every tracked text file is read, then each citation resolves', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..')
    const problems = checkRepository(root).map((problem) => `${problem.file}:${problem.line}: ${problem.why}`)
    expect(problems).toEqual([])
  }, 60_000)
})
