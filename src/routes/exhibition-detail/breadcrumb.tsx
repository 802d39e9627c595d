import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { breadcrumbSchema, type Crumb } from '../../components/json-ld/schemas.ts'
import styles from './detail.module.css'

/** Home, the exhibitions, this exhibition: drawn and given to search engines from this one list. */
export function DetailBreadcrumb({ exhibition, textLang }: { exhibition: ExhibitionDetail; textLang: string | undefined }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const crumbs: Crumb[] = [
    { name: t('detail.home'), href: `/${site.lang}` },
    { name: t('list.title'), href: `/${site.lang}/brandExhibition.html` },
    { name: exhibition.title },
  ]
  return (
    <nav aria-label={t('detail.breadcrumb')} className={styles.breadcrumb}>
      <JsonLd data={breadcrumbSchema(crumbs, site.config.publicOrigin)} />
      <ol>
        {crumbs.map((crumb) =>
          crumb.href ? (
            <li key={crumb.href} className={styles.crumb}>
              <Link to={crumb.href}>{crumb.name}</Link>
            </li>
          ) : (
            <li key="current" className={`${styles.crumb} ${styles.current}`} aria-current="page" lang={textLang}>
              {crumb.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
