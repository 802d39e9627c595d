import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useRevalidator } from 'react-router'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import styles from './home.module.css'
import type { Section } from './home-data.ts'

interface HomeSectionProps {
  /** The id of the section's heading. */
  id: string
  title: string
  tone?: 'tinted' | 'dark'
  /** The link to the full list. */
  all: { href: string; label: string }
  children: ReactNode
}

/** A section of the home page: its heading, a link to the full list, and its body. */
export function HomeSection({ id, title, tone, all, children }: HomeSectionProps) {
  return (
    <section className={tone ? `${styles.section} ${styles[tone]}` : styles.section} aria-labelledby={id}>
      <div className="container">
        <div className={styles.sectionHead}>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          <Link to={all.href} className={styles.all}>
            {all.label}
          </Link>
        </div>
        {children}
      </div>
    </section>
  )
}

interface SectionBodyProps<T> {
  section: Section<T[]>
  /** What the section says when it has no items. */
  empty: string
  children: (items: T[]) => ReactNode
}

/** A section's body: its items, or why there are none, with a retry when it failed. */
export function SectionBody<T>({ section, empty, children }: SectionBodyProps<T>) {
  const { t } = useTranslation('home')
  const revalidator = useRevalidator()
  if (!section.ok) {
    return <ErrorState message={t(section.error, section.values)} onRetry={() => revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
  }
  return section.data.length === 0 ? <EmptyState title={empty} /> : children(section.data)
}
