import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { commentList, type ModerationRow } from '../../../api/console.ts'
import { MODERATION_LIMITS } from '../../../api/rules/console-comments.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import ui from '../../ui/ui.module.css'
import { CommentCard } from './comment-card.tsx'
import styles from './comments.module.css'
import { type CommentFilters, filtersFrom, listPayload, pageHref } from './comments-query.ts'

interface QueueData {
  filters: CommentFilters
  rows: ModerationRow[]
  total: number
  pageSize: number
  exhibitions: Array<{ id: number; title: string }>
}

/** One page of the moderation queue, searched and filtered on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<QueueData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const payload = listPayload(filters)
  const page = await staffCall(args, commentList, payload)
  return { filters, rows: page.rows, total: page.total, pageSize: payload.pageSize, exhibitions: page.exhibitions }
}

function Filters({ filters, exhibitions }: Pick<QueueData, 'filters' | 'exhibitions'>) {
  const { t } = useTranslation()
  return (
    <ListFilters
      id="comments"
      label={t('comments.filters')}
      search={{ label: t('comments.search'), hint: t('comments.searchHint'), value: filters.search, maxLength: MODERATION_LIMITS.search }}
      choices={[
        {
          name: 'exhibition',
          label: t('comments.exhibition'),
          anyLabel: t('comments.anyExhibition'),
          value: filters.exhibitionId,
          options: exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
        },
        {
          name: 'state',
          label: t('comments.stateLabel'),
          anyLabel: t('comments.anyState'),
          value: filters.state,
          options: (['visible', 'hidden'] as const).map((state) => ({ value: state, label: t(`comments.states.${state}`) })),
        },
      ]}
      applyLabel={t('comments.apply')}
      clearLabel={t('comments.clear')}
    />
  )
}

/**
 * The moderation queue of the member's exhibitions (docs/product.md#console-comments): newest first,
 * each comment with its author; hide or restore it, block or unblock its author, each with a reason.
 */
export function Component() {
  const { t } = useTranslation()
  const { filters, rows, total, pageSize, exhibitions } = useLoaderData() as QueueData
  const revalidator = useRevalidator()
  const [notice, setNotice] = useState('')
  const pages = pageCount(total, pageSize)
  const changed = async (message: string) => {
    setNotice(message)
    await revalidator.revalidate()
  }
  return (
    <ConsolePage title={t('comments.title')} lead={t('comments.lead')}>
      <Filters key={JSON.stringify(filters)} filters={filters} exhibitions={exhibitions} />
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
      <section aria-label={t('comments.list')}>
        {rows.length ? (
          <ol className={styles.list}>
            {rows.map((row) => (
              <CommentCard key={row.id} row={row} onChanged={(message) => void changed(message)} />
            ))}
          </ol>
        ) : (
          <p className={ui.muted}>{t('comments.empty')}</p>
        )}
      </section>
      <Pager
        label={t('comments.pages')}
        summary={t('comments.pageOf', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
