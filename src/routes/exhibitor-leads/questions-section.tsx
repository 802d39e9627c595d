import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LeadQuestion } from '../../api/leads.ts'
import styles from './leads.module.css'
import { lazySection } from '../../lib/lazy-section.tsx'

// Not on the first paint: a team opens it once, when it sets its questions up.
const QuestionsPanel = lazySection('exhibitor-leads/questions-panel', () => import('./questions-panel.tsx').then((module) => module.QuestionsPanel))

/** The exhibitor's own questions (docs/product.md#lead-questions): admins edit them, staff members read them. */
export function QuestionsSection(props: {
  exhibitorId: number
  role: 'admin' | 'staff'
  questions: LeadQuestion[]
  onChange(questions: LeadQuestion[]): void
}) {
  const { t } = useTranslation('leads')
  const [open, setOpen] = useState(false)
  return (
    <section className={styles.card} aria-labelledby="lead-questions-title">
      <h2 id="lead-questions-title" className={styles.cardTitle}>
        {t('questions.heading')}
      </h2>
      <p className={styles.muted}>{t('questions.intro')}</p>
      <button type="button" className={styles.secondary} aria-expanded={open} aria-controls="lead-questions-panel" onClick={() => setOpen(!open)}>
        {open ? t('questions.hide') : props.role === 'admin' ? t('questions.manage') : t('questions.show')}
      </button>
      <div id="lead-questions-panel" hidden={!open}>
        {open ? (
          <Suspense fallback={<p className={styles.muted}>{t('questions.loading')}</p>}>
            <QuestionsPanel {...props} />
          </Suspense>
        ) : null}
      </div>
    </section>
  )
}
