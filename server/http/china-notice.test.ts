import { describe, expect, it } from 'vitest'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { showsChinaNotice } from './china-notice.ts'

const china = { alpha2: 'CN', numeric: '156', known: true }

describe('China notice decision (docs/product.md#china-notice)', () => {
  it('when a visitor is in China without the pass, then the notice shows', () => {
    expect(showsChinaNotice(china, {})).toBe(true)
    expect(showsChinaNotice(china, undefined)).toBe(true)
  })

  it('when the visitor holds the pass, is elsewhere, or the address is unknown, then it does not', () => {
    expect(showsChinaNotice(china, { [COOKIES.chinaPass]: '1' })).toBe(false)
    expect(showsChinaNotice({ alpha2: 'DE', numeric: '276', known: true }, {})).toBe(false)
    expect(showsChinaNotice({ alpha2: 'ZZ', numeric: '156', known: false }, {})).toBe(false)
  })
})
