import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import type { NewsVariant } from '../../components/editorial/variant.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { breadcrumbSchema, type Crumb } from '../../components/json-ld/schemas.ts'
import styles from './article.module.css'

interface BreadcrumbProps {
  title: string
  lang: string | undefined
  listHref: string
  variant: NewsVariant
}

/** Home (on the site only), the news list, and this article: drawn and given to search engines from this one list. */
export function Breadcrumb({ title, lang, listHref, variant }: BreadcrumbProps) {
  const { t } = useTranslation('news')
  const site = useSite()
  const crumbs: Crumb[] = [
    ...(variant === 'site' ? [{ name: t('common:nav.tabs.home'), href: `/${site.lang}` }] : []),
    { name: t('common:nav.tabs.news'), href: listHref },
    { name: title },
  ]
  return (
    <nav aria-label={t('article.breadcrumb')} className={styles.breadcrumb}>
      <JsonLd data={breadcrumbSchema(crumbs, site.config.publicOrigin)} />
      <ol>
        {crumbs.map((crumb) =>
          crumb.href ? (
            <li key={crumb.href}>
              <Link to={crumb.href}>{crumb.name}</Link>
            </li>
          ) : (
            <li key="current" aria-current="page" lang={lang}>
              <span className={styles.crumbCurrent}>{crumb.name}</span>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
