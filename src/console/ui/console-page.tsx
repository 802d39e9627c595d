import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './ui.module.css'

interface ConsolePageProps {
  title: string
  lead?: string
  actions?: ReactNode
  children: ReactNode
}

/** A console screen: its document title, its one h1, an optional line under it and actions beside it. */
export function ConsolePage({ title, lead, actions, children }: ConsolePageProps) {
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('brand')}`}</title>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  )
}
