import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData, useRevalidator } from 'react-router'
import { commentList, type ModerationRow } from '../../../api/console.ts'
import { MODERATION_LIMITS } from '../../../../shared/rules/console-comments.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import { CommentCard } from './comment-card.tsx'
import styles from './comments.module.css'
import { type CommentFilters, commentQuery, listPayload } from './comments-query.ts'

type QueueData = ListData<CommentFilters, { rows: ModerationRow[]; total: number; exhibitions: Array<{ id: number; title: string }> }>

/** One page of the moderation queue, searched and filtered on the server. */
export const loader = listLoader(commentQuery, commentList, listPayload)

function Filters({ filters, exhibitions }: { filters: CommentFilters; exhibitions: Array<{ id: number; title: string }> }) {
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
  const { filters, page, pageSize } = useLoaderData() as QueueData
  const revalidator = useRevalidator()
  const [notice, setNotice] = useState('')
  const changed = async (message: string) => {
    await revalidator.revalidate()
    setNotice(message)
  }
  return (
    <ListScreen
      title={t('comments.title')}
      lead={t('comments.lead')}
      filters={<Filters key={JSON.stringify(filters)} filters={filters} exhibitions={page.exhibitions} />}
      list={
        <section aria-label={t('comments.list')}>
          {page.rows.length ? (
            <ol className={styles.list}>
              {page.rows.map((row) => (
                <CommentCard key={row.id} row={row} onChanged={(message) => void changed(message)} />
              ))}
            </ol>
          ) : (
            <p className={ui.muted}>{t('comments.empty')}</p>
          )}
        </section>
      }
      pager={{
        label: t('comments.pages'),
        summary: (values) => t('comments.pageOf', values),
        page: filters.page,
        total: page.total,
        pageSize,
        href: (next) => commentQuery.pageHref(filters, next),
      }}
      times
    >
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
    </ListScreen>
  )
}
