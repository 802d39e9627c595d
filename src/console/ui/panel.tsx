import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CONSOLE_HOME } from '../lib/paths.ts'
import ui from './ui.module.css'

// Both live with the console's root (which shows the error panel), so every screen has them without a
// chunk of their own: a chunk costs more than these few lines.

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

/** What went wrong, by status: a refused search, no access for the role, not found, the database away, or a failure worth retrying. */
export function ErrorPanel({ status }: { status: number }) {
  const { t } = useTranslation()
  const kind = status === 400 ? 'invalid' : status === 403 ? 'forbidden' : status === 404 ? 'notFound' : status === 503 ? 'unavailable' : 'failed'
  return (
    <div className={ui.panel} role="alert">
      <h1 className={ui.title}>{t(`errorPage.${kind}.title`)}</h1>
      <p className={ui.lead}>{t(`errorPage.${kind}.text`)}</p>
      <p>
        <Link to={CONSOLE_HOME}>{t('errorPage.home')}</Link>
      </p>
    </div>
  )
}
