import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import type { NewsVariant } from '../../components/editorial/variant.ts'
import styles from './article.module.css'

interface BreadcrumbProps {
  title: string
  lang: string | undefined
  listHref: string
  variant: NewsVariant
}

/** Home (on the site only), the news list, and this article. */
export function Breadcrumb({ title, lang, listHref, variant }: BreadcrumbProps) {
  const { t } = useTranslation('news')
  const site = useSite()
  return (
    <nav aria-label={t('article.breadcrumb')} className={styles.breadcrumb}>
      <ol>
        {variant === 'site' ? (
          <li>
            <Link to={`/${site.lang}`}>{t('common:nav.tabs.home')}</Link>
          </li>
        ) : null}
        <li>
          <Link to={listHref}>{t('common:nav.tabs.news')}</Link>
        </li>
        <li aria-current="page" lang={lang}>
          <span className={styles.crumbCurrent}>{title}</span>
        </li>
      </ol>
    </nav>
  )
}
