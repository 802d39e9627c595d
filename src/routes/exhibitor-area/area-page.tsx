import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import styles from './exhibitor-area.module.css'

/** One frame for every state of the area: personal, never indexed, one main landmark. */
export function AreaPage({ title, heading, back, children }: { title?: string; heading: ReactNode; back?: boolean; children: ReactNode }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={title ?? t('area.title')} description={t('area.description', { brand: site.config.brandName })} noindex />
      <div className={`container ${styles.inner}`}>
        {back ? (
          <p className={styles.back}>
            <Link to={`/${site.lang}/exhibitor.html`}>
              <span aria-hidden="true">←</span>
              {t('area.backToList')}
            </Link>
          </p>
        ) : null}
        {heading}
        {children}
      </div>
    </main>
  )
}
