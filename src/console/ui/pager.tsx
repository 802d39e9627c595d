import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import ui from './ui.module.css'

/**
 * Previous and next page of a list paged on the server, with where the member is ("Page 2 of 5
 * (112 orders)"). Links, not buttons: a page of a list has its own address, to share or reload.
 */
export function Pager({ label, summary, page, pages, href }: { label: string; summary: string; page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation()
  return (
    <nav className={ui.pager} aria-label={label}>
      <span>{summary}</span>
      <span className={ui.actions}>
        {page > 1 ? (
          <Link className={ui.button} to={href(page - 1)}>
            {t('common.previousPage')}
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={ui.button} to={href(page + 1)}>
            {t('common.nextPage')}
          </Link>
        ) : null}
      </span>
    </nav>
  )
}

/** Pages needed for a total, at least one (an empty list is page 1 of 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize))
