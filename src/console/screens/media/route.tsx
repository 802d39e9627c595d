import { useTranslation } from 'react-i18next'
import { Link, useLoaderData, useNavigate } from 'react-router'
import { mediaList } from '../../../api/console-media.ts'
import type { MediaItem } from '../../../../shared/rules/media.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { mediaItemPath } from '../../lib/media-paths.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import { ListPage } from '../../ui/list-page.tsx'
import { MediaThumb, UploadZone } from '../../ui/media-picker.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../ui/media.module.css'
import { type MediaFilters, mediaQuery } from './media-query.ts'

type LibraryData = ListData<MediaFilters, { rows: MediaItem[]; total: number }>

/** One page of the library, newest first, searched on the server. */
export const loader = listLoader(mediaQuery, mediaList, mediaQuery.payload)

function Tile({ item }: { item: MediaItem }) {
  const { t } = useTranslation()
  const written = LOCALES.filter((locale) => item.alt[locale]).length
  return (
    <li className={styles.tile}>
      <Link className={styles.tileLink} to={mediaItemPath(item.id)} aria-label={t('media.open', { name: item.name })}>
        <MediaThumb item={item} large />
      </Link>
      <div className={styles.tileText}>
        <span className={styles.tileName}>{item.name}</span>
        <span className={ui.muted}>{item.kind === 'image' ? t('media.picker.size', { width: item.width, height: item.height }) : t('media.picker.video')}</span>
        {item.kind === 'image' ? (
          <span className={`${ui.badge} ${written === LOCALES.length ? ui.badgeGood : ui.badgeWarn} ${styles.altBadge}`}>
            {t('media.altCount', { done: written, all: LOCALES.length })}
          </span>
        ) : null}
      </div>
    </li>
  )
}

/** The media library (docs/product.md#console-media): upload, then find a file by name or alt text and open it. */
export function Component() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const data = useLoaderData() as LibraryData
  const { rows } = data.page
  return (
    <ListPage
      words="media"
      data={data}
      query={mediaQuery}
      intro={
        <section className={ui.panel} aria-labelledby="media-upload-title">
          <h2 className={ui.panelTitle} id="media-upload-title">
            {t('media.uploadTitle')}
          </h2>
          {/* A new file opens at once: its alternative texts are what an editor writes next. */}
          <UploadZone id="media-upload" kind="any" label={t('media.picker.upload')} onUploaded={(item) => navigate(mediaItemPath(item.id))} />
        </section>
      }
      list={
        <section aria-labelledby="media-list-title">
          <h2 className={ui.panelTitle} id="media-list-title">
            {t('media.listTitle')}
          </h2>
          {rows.length ? (
            <ul className={styles.grid}>
              {rows.map((item) => (
                <Tile key={item.id} item={item} />
              ))}
            </ul>
          ) : (
            <p className={ui.muted}>{data.filters.search || data.filters.kind ? t('media.nothingFound') : t('media.empty')}</p>
          )}
        </section>
      }
    />
  )
}
