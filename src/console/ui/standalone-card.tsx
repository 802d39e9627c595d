import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleShell } from '../console-state.ts'
import styles from './standalone.module.css'

interface StandaloneCardProps {
  title: string
  lead?: ReactNode
  /** Beside the brand: the language switch of the sign-in page. */
  aside?: ReactNode
  wide?: boolean
  children: ReactNode
}

/** Sign-in and set-up: the brand, one heading and the form, in the page's only landmark. */
export function StandaloneCard({ title, lead, aside, wide, children }: StandaloneCardProps) {
  const { t } = useTranslation()
  const { site } = useConsoleShell()
  return (
    <main id="main" className={styles.screen}>
      <title>{`${title} · ${t('brand')}`}</title>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <div className={styles.top}>
          <p className={styles.brand}>
            {site.config.brandName} <span>{t('brand')}</span>
          </p>
          {aside ? <div className={styles.language}>{aside}</div> : null}
        </div>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {children}
      </div>
    </main>
  )
}
