import type { ReactNode } from 'react'
import { checkoutStyles as ui } from './checkout-page.tsx'

/** A step's button: a spinner while its action runs, and aria-disabled (not disabled) so it keeps the focus. */
export function ActionButton({
  pending,
  className,
  onClick,
  children,
}: {
  pending: boolean
  className: string | undefined
  onClick?(): void
  children: ReactNode
}) {
  return (
    <button type={onClick ? 'button' : 'submit'} className={className} onClick={onClick} aria-disabled={pending ? true : undefined}>
      {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  )
}

/** Why the last action was refused, kept in view after its toast. */
export function ActionError({ text }: { text: string | null }) {
  if (!text) return null
  return (
    <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
      {text}
    </p>
  )
}
