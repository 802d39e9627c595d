import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VideoListResult } from '../../api/editorial.ts'
import type { VideoCategory } from '../../../shared/rules/editorial.ts'
import { useSite } from '../../app-state.ts'
import shared from '../../components/editorial/editorial.module.css'
import styles from './videos.module.css'

interface CategoryNavProps {
  categories: VideoListResult['categories']
  /** The category shown, or null for all. */
  current: VideoCategory | null
}

/** All videos and each category, with how many videos each holds. */
export function CategoryNav({ categories, current }: CategoryNavProps) {
  const { t } = useTranslation('media')
  const site = useSite()
  const listPath = `/${site.lang}/video.html`
  const allCount = categories.reduce((sum, category) => sum + category.count, 0)
  return (
    <nav aria-label={t('categoriesLabel')} className={styles.categories}>
      <ul className={shared.chips}>
        <li>
          <Link to={listPath} className={shared.chip} aria-current={current === null ? 'page' : undefined}>
            {t('allCategories')} <span className={shared.chipCount}>({allCount})</span>
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.key}>
            <Link to={`${listPath}?category=${category.key}`} className={shared.chip} aria-current={current === category.key ? 'page' : undefined}>
              {t(`categories.${category.key}`)} <span className={shared.chipCount}>({category.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
