import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData, useRevalidator } from 'react-router'
import { commentList, type ModerationRow } from '../../../api/console-comments.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import { ListPage } from '../../ui/list-page.tsx'
import ui from '../../ui/ui.module.css'
import { CommentCard } from './comment-card.tsx'
import styles from './comments.module.css'
import { type CommentFilters, commentQuery, listPayload } from './comments-query.ts'

type QueueData = ListData<CommentFilters, { rows: ModerationRow[]; total: number; exhibitions: Array<{ id: number; title: string }> }>

/** One page of the moderation queue, searched and filtered on the server. */
export const loader = listLoader(commentQuery, commentList, listPayload)

/**
 * The moderation queue of the member's exhibitions (docs/product.md#console-comments): newest first,
 * each comment with its author; hide or restore it, block or unblock its author, each with a reason.
 */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as QueueData
  const { page } = data
  const revalidator = useRevalidator()
  const [notice, setNotice] = useState('')
  const changed = async (message: string) => {
    await revalidator.revalidate()
    setNotice(message)
  }
  return (
    <ListPage
      words="comments"
      data={data}
      query={commentQuery}
      exhibitions={page.exhibitions}
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
      times
    >
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
    </ListPage>
  )
}
