import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { DirectoryEntry } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import { langOf } from '../../components/exhibition-card/exhibition-card.tsx'
import { numberFormat } from '../../i18n/intl.ts'
import styles from './detail.module.css'

/** What the exhibition page shows of its exhibitor directory: how many, a few names, the way in. */
export interface ExhibitorsTeaser {
  total: number
  first: Array<Pick<DirectoryEntry, 'slug' | 'name' | 'textLocale'>>
}

/** How many names the exhibition page shows before "browse all". */
export const TEASER_NAMES = 6

/** docs/product.md#exhibitor-directory: the exhibition page's way into its directory, shown once it has exhibitors. */
export function Exhibitors({ exhibitionId, teaser }: { exhibitionId: number; teaser: ExhibitorsTeaser }) {
  const { t } = useTranslation('directory')
  const site = useSite()
  const path = `/${site.lang}/backDetail/${exhibitionId}/exhibitors`
  return (
    <section id="exhibitors" className={styles.section} aria-labelledby="exhibitors-title">
      <h2 id="exhibitors-title" className={styles.sectionTitle}>
        {t('detail.title')}
      </h2>
      <p className={styles.sectionIntro}>{t('detail.text', { count: teaser.total, formatted: numberFormat(site.htmlLang).format(teaser.total) })}</p>
      <ul className={styles.exhibitorNames}>
        {teaser.first.map((entry) => (
          <li key={entry.slug}>
            <Link to={`${path}/${entry.slug}`} className={styles.exhibitorName} lang={langOf(entry.textLocale === site.locale ? null : entry.textLocale)}>
              {entry.name}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={path} className={styles.secondaryDark}>
        {t('detail.link')}
      </Link>
    </section>
  )
}
