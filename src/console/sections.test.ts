import { describe, expect, it } from 'vitest'
import { sectionsFor } from './sections.ts'

describe('sectionsFor', () => {
  it('when the member is an owner, then every section is shown', () => {
    expect(sectionsFor(['owner']).map((section) => section.id)).toEqual(['home', 'exhibitions', 'orders', 'payments', 'staff', 'audit', 'sessions'])
  })

  it('when the member is support, then orders and the payment queue are shown, staff and audit not', () => {
    expect(sectionsFor(['support']).map((section) => section.id)).toEqual(['home', 'orders', 'payments', 'sessions'])
  })

  it('when the member is an editor, then staff and audit are not shown', () => {
    expect(sectionsFor(['editor']).map((section) => section.id)).toEqual(['home', 'sessions'])
  })
})
