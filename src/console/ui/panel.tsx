import { type ReactNode, useId } from 'react'
import ui from './ui.module.css'

/** A titled part of a console screen: its heading is its name for assistive technology (a region). */
export function Panel({ title, className, children }: { title: ReactNode; className?: string | undefined; children?: ReactNode }) {
  const titleId = useId()
  return (
    <section className={className ? `${ui.panel} ${className}` : ui.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}
