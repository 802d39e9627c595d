import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router'
import { mediaList } from '../../../api/console.ts'
import type { MediaItem } from '../../../../shared/rules/media.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { mediaItemPath } from '../../lib/media-paths.ts'
import { thumbnailOf } from '../../lib/media-upload.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import { UploadZone } from '../../ui/media-picker.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import ui from '../../ui/ui.module.css'
import styles from '../../ui/media.module.css'
import { filtersFrom, listPayload, MEDIA_KINDS, type MediaFilters, pageHref } from './media-query.ts'

interface LibraryData {
  filters: MediaFilters
  rows: MediaItem[]
  total: number
  pageSize: number
}

/** One page of the library, newest first, searched on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<LibraryData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const payload = listPayload(filters)
  const page = await staffCall(args, mediaList, payload)
  return { filters, rows: page.rows, total: page.total, pageSize: payload.pageSize }
}

function Tile({ item }: { item: MediaItem }) {
  const { t } = useTranslation()
  const written = LOCALES.filter((locale) => item.alt[locale]).length
  return (
    <li className={styles.tile}>
      <Link className={styles.tileLink} to={mediaItemPath(item.id)} aria-label={t('media.open', { name: item.name })}>
        {item.kind === 'image' ? (
          <img
            className={styles.tileImage}
            src={thumbnailOf(item, 200)}
            alt=""
            width={200}
            height={Math.max(1, Math.round((200 * item.height) / item.width))}
            loading="lazy"
          />
        ) : (
          <span className={styles.tileVideo} aria-hidden="true">
            ▶
          </span>
        )}
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
  const { filters, rows, total, pageSize } = useLoaderData() as LibraryData
  const pages = pageCount(total, pageSize)
  const searching = Boolean(filters.search || filters.kind)
  return (
    <ConsolePage title={t('media.title')} lead={t('media.lead')}>
      <section className={ui.panel} aria-labelledby="media-upload-title">
        <h2 className={ui.panelTitle} id="media-upload-title">
          {t('media.uploadTitle')}
        </h2>
        {/* A new file opens at once: its alternative texts are what an editor writes next. */}
        <UploadZone id="media-upload" kind="any" label={t('media.picker.upload')} onUploaded={(item) => navigate(mediaItemPath(item.id))} />
      </section>
      <ListFilters
        key={JSON.stringify(filters)}
        id="media-filters"
        label={t('media.searchLabel')}
        search={{ label: t('media.search'), hint: t('media.searchHint'), value: filters.search, maxLength: 100 }}
        choices={[
          {
            name: 'kind',
            label: t('media.kind'),
            anyLabel: t('media.kinds.all'),
            value: filters.kind,
            options: MEDIA_KINDS.map((kind) => ({ value: kind, label: t(`media.kinds.${kind}`) })),
          },
        ]}
        applyLabel={t('media.filter')}
        clearLabel={t('media.clear')}
      />
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
          <p className={ui.muted}>{searching ? t('media.nothingFound') : t('media.empty')}</p>
        )}
      </section>
      <Pager
        label={t('media.pagesLabel')}
        summary={t('media.summary', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
    </ConsolePage>
  )
}
