import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { ExhibitorSummary } from '../../api/exhibitors.ts'
import { useSite } from '../../app-state.ts'
import { EmptyState } from '../../components/state-views/state-views.tsx'
import { AreaPage } from './area-page.tsx'
import { Badges, ExhibitionLine } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'

/** What the workspace tells the list after its member left the team. */
export interface ListNotice {
  left?: string
}

/** My exhibitors: every exhibitor the member is on the team of, the coming exhibitions first. */
export function ExhibitorList({ items }: { items: ExhibitorSummary[] }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const notice = (useLocation().state as ListNotice | null) ?? null
  return (
    <AreaPage heading={<h1 className={styles.title}>{t('area.title')}</h1>}>
      <p className={styles.lead}>{t('area.lead')}</p>
      <p className={styles.status} role="status">
        {notice?.left ? t('team.leftNotice', { exhibitor: notice.left }) : ''}
      </p>
      <section aria-labelledby="my-exhibitors-title" className={styles.section}>
        <h2 id="my-exhibitors-title" className={styles.sectionTitle}>
          {t('area.mine')}
        </h2>
        {items.length === 0 ? (
          <EmptyState
            title={t('area.emptyTitle')}
            text={t('area.emptyText')}
            action={
              <Link className={styles.primary} to={`/${site.lang}/apply`}>
                {t('area.apply')}
              </Link>
            }
          />
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <ExhibitorItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </AreaPage>
  )
}

function ExhibitorItem({ item }: { item: ExhibitorSummary }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const titleId = `exhibitor-${item.id}-title`
  return (
    <li className={`${styles.card} ${styles.item}`}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.itemTitle}>
          <Link to={`/${site.lang}/exhibitor.html?id=${item.id}`}>{item.name}</Link>
        </h3>
        <Badges role={item.role} status={item.status} />
      </div>
      <p className={styles.exhibition}>{item.exhibition.title}</p>
      <ExhibitionLine exhibition={item.exhibition} />
      {item.gaps.length ? (
        <div className={styles.gaps}>
          <p className={styles.gapsTitle}>{t('gaps.incomplete')}</p>
          <ul className={styles.gapList}>
            {item.gaps.map((gap) => (
              <li key={gap} className={styles.gap}>
                {t(`gaps.${gap}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.complete}>
          <span aria-hidden="true">✓ </span>
          {t('gaps.complete')}
        </p>
      )}
    </li>
  )
}
