import type { ReactNode } from 'react'
import { checkoutStyles as ui } from './checkout-page.tsx'

/** A titled card of a checkout screen: a section named by its heading. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={ui.card} aria-labelledby={id}>
      <h2 id={id} className={ui.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
