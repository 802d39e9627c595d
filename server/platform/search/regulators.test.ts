import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../shared/languages.ts'
import { REGULATORS } from './regulators.ts'

describe('regulator names', () => {
  it('when a regulator is listed, then every language but Filipino has its own name for it', () => {
    for (const regulator of REGULATORS) {
      for (const locale of LOCALES.filter((locale) => locale !== 'en' && locale !== 'fil')) {
        expect(regulator.names[locale], `${regulator.code} ${locale}`).toBeTruthy()
        expect(regulator.names[locale], `${regulator.code} ${locale}`).not.toBe(regulator.names.en)
      }
    }
  })

  it('when the regulator has an official local name, then that is the one shown', () => {
    const names = (code: string) => REGULATORS.find((regulator) => regulator.code === code)?.names
    expect(names('FSA')?.ja).toBe('金融庁')
    expect(names('SFC')?.['zh-hk']).toBe('證券及期貨事務監察委員會')
    expect(names('FCA')?.['zh-cn']).toBe('英国金融行为监管局')
  })
})
