import { describe, expect, it } from 'vitest'
import { expressionOf, licenceProblems, verdictOf } from './check-licences.ts'

const pkg = (name: string, fields: { license?: unknown; licenses?: unknown }) => ({ name, version: '1.0.0', ...fields })

describe('check-licences', () => {
  it('when a production package is AGPL or GPL, then it is listed with its licence', () => {
    const problems = licenceProblems([
      pkg('ua-parser-js', { license: 'AGPL-3.0-or-later' }),
      pkg('old-gpl', { license: 'GPL-2.0+' }),
      pkg('gpl-with-exception', { license: 'GPL-2.0-only WITH Classpath-exception-2.0' }),
      pkg('fine', { license: 'MIT' }),
    ])
    expect(problems).toEqual([
      'ua-parser-js@1.0.0: "AGPL-3.0-or-later" (GPL or AGPL)',
      'old-gpl@1.0.0: "GPL-2.0+" (GPL or AGPL)',
      'gpl-with-exception@1.0.0: "GPL-2.0-only WITH Classpath-exception-2.0" (GPL or AGPL)',
    ])
  })

  it('when an OR expression has an allowed branch, or the licence is LGPL, then it passes; AND needs every part', () => {
    expect(
      licenceProblems([
        pkg('dual', { license: 'MIT OR GPL-3.0' }),
        pkg('dual-reversed', { license: '(GPL-3.0-only OR Apache-2.0)' }),
        pkg('libvips', { license: 'LGPL-3.0-or-later' }),
        pkg('font', { license: 'MIT AND OFL-1.1' }),
        pkg('legacy', { licenses: [{ type: 'MIT', url: 'https://example.org/LICENSE' }] }),
        pkg('legacy-dual', { licenses: ['GPL-2.0', 'MIT'] }),
        pkg('object', { license: { type: 'ISC' } }),
      ]),
    ).toEqual([])
    expect(licenceProblems([pkg('both', { license: '(MIT AND GPL-3.0-only)' })])).toEqual(['both@1.0.0: "(MIT AND GPL-3.0-only)" (GPL or AGPL)'])
  })

  it('when a licence is missing, UNLICENSED or not an SPDX expression, then it fails unless allow-listed with a reason', () => {
    const packages = [
      pkg('nothing', {}),
      pkg('private', { license: 'UNLICENSED' }),
      pkg('data', { license: 'SEE LICENSE IN LICENSE.txt' }),
      pkg('broken', { license: 'MIT OR' }),
    ]
    expect(licenceProblems(packages, {}).map((line) => line.split(':')[0])).toEqual(['nothing@1.0.0', 'private@1.0.0', 'data@1.0.0', 'broken@1.0.0'])
    expect(licenceProblems(packages, {})[0]).toBe('nothing@1.0.0: no licence declared (not readable: fix it or list it in ALLOWED_UNREADABLE with a reason)')
    expect(licenceProblems(packages, { data: 'CC-BY-4.0 data, attribution given' }).map((line) => line.split(':')[0])).toEqual([
      'nothing@1.0.0',
      'private@1.0.0',
      'broken@1.0.0',
    ])
  })

  it('when the allow-list names a package, then it still fails if its licence reads as GPL', () => {
    expect(licenceProblems([pkg('sneaky', { license: 'AGPL-3.0-only' })], { sneaky: 'listed' })).toHaveLength(1)
  })

  it('when expressions are read, then precedence and legacy fields follow SPDX: AND binds tighter than OR', () => {
    expect(verdictOf('GPL-3.0-only OR MIT AND Apache-2.0')).toBe('allowed')
    expect(verdictOf('MIT AND GPL-3.0-only OR AGPL-3.0-only')).toBe('forbidden')
    expect(verdictOf('(MIT')).toBe('unknown')
    expect(expressionOf(pkg('legacy-dual', { licenses: [{ type: 'GPL-2.0' }, { type: 'MIT' }] }))).toBe('(GPL-2.0) OR (MIT)')
    expect(expressionOf(pkg('none', { licenses: [] }))).toBeNull()
  })
})
