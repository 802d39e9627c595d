import { describe, expect, it } from 'vitest'
import {
  CHECKOUT_SCREENS,
  changePath,
  checkoutPath,
  NEXT_STEPS,
  orderPath,
  reRegisterPath,
  screenShowsStep,
  selectionPath,
  type STEPS_SHOWN_BY,
} from './checkout-steps.ts'

describe('checkout steps', () => {
  it('when an order is at any step, then its path opens a screen that shows that step', () => {
    for (const step of NEXT_STEPS) {
      const path = orderPath('en', { number: 'A1', nextStep: step })
      const segment = path.split('?')[0]?.split('/').pop()
      const screen = Object.entries(CHECKOUT_SCREENS).find(([, value]) => value === segment)?.[0] as keyof typeof STEPS_SHOWN_BY
      expect(screen, step).toBeDefined()
      expect(screenShowsStep(screen, step), `${step} on ${screen}`).toBe(true)
    }
  })

  it('when paths are built, then they keep the legacy URLs and encode the query', () => {
    expect(orderPath('zh-cn', { number: 'EX 1&2', nextStep: 'payment' })).toBe('/zh-cn/apply/payment?order=EX+1%262')
    expect(selectionPath('en', 7)).toBe('/en/apply/registration?exhibitionId=7')
    expect(changePath('en', { number: 'N1', exhibition: { id: 3 } })).toBe('/en/apply/registration?exhibitionId=3&order=N1')
    expect(reRegisterPath('ja', { number: 'N1', exhibition: { id: 3 } })).toBe('/ja/apply/registration?exhibitionId=3&from=N1')
    expect(checkoutPath('en', 'orders')).toBe('/en/apply/order')
  })

  it('when an order is paid or cancelled, then the payment screen does not show it', () => {
    expect(screenShowsStep('payment', 'tickets')).toBe(false)
    expect(screenShowsStep('payment', 'none')).toBe(false)
    expect(screenShowsStep('cancelConfirm', 'checking')).toBe(false)
  })
})
