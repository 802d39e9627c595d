import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { checkCoupon, type CouponPreview } from '../../../api/tickets.ts'
import { useGateway } from '../../../app-state.ts'
import { useToast } from '../../../components/toast/toast.tsx'
import { fieldText, refusalOf } from '../refusal.ts'
import type { Mode } from './loader.ts'

/**
 * The coupon of a selection: the code being typed, the one applied (checked by the platform, which
 * says what it takes off), and the focus that follows the field as it appears and goes.
 */
export function useCoupon(exhibitionId: number, mode: Mode) {
  const { t } = useTranslation('tickets')
  const gateway = useGateway()
  const toast = useToast()
  const [applied, setApplied] = useState<CouponPreview | null>(mode.kind === 'change' ? mode.order.coupon : null)
  const [input, setInput] = useState(mode.kind === 'reRegister' ? (mode.order.couponCode ?? '') : '')
  const [open, setOpen] = useState(Boolean(applied || input))
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const fieldRef = useRef<HTMLInputElement>(null)
  const appliedRef = useRef<HTMLParagraphElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)

  const apply = async () => {
    const code = input.trim()
    if (!code) {
      setError(t('messages.couponEmpty'))
      fieldRef.current?.focus()
      return
    }
    setChecking(true)
    setError(null)
    try {
      const preview = await gateway.call(checkCoupon, { exhibitionId, code })
      setApplied(preview)
      setInput('')
      toast.show(t('coupon.applied', { code: preview.code }), { tone: 'success' })
      // The field is gone: the focus goes to what replaced it.
      requestAnimationFrame(() => appliedRef.current?.focus())
    } catch (failure) {
      const refusal = refusalOf(t, failure)
      const field = refusal.fields.couponCode ?? refusal.fields.code
      setError(field ? fieldText(t, field) : refusal.text)
      fieldRef.current?.focus()
    } finally {
      setChecking(false)
    }
  }

  const remove = () => {
    setApplied(null)
    requestAnimationFrame(() => toggleRef.current?.focus())
  }

  const type = (value: string) => {
    setInput(value)
    setError(null)
  }

  /** The platform refused the applied coupon when the order was made: back to the field, with why. */
  const refuse = (message: string) => {
    setApplied(null)
    setOpen(true)
    setError(message)
  }

  return { applied, input, open, error, checking, fieldRef, appliedRef, toggleRef, apply, remove, type, refuse, toggle: () => setOpen((value) => !value) }
}

export type CouponState = ReturnType<typeof useCoupon>
