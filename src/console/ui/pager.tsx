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

export interface ListPagerProps {
  /** Names the pager's navigation landmark. */
  label: string
  /** "Page 2 of 5 (112 orders)" in the screen's words. */
  summary(values: { page: number; pages: number; count: number }): string
  page: number
  total: number
  pageSize: number
  href(page: number): string
}

/** The pager of a list paged on the server, from its total and page size. */
export function ListPager({ label, summary, page, total, pageSize, href }: ListPagerProps) {
  const pages = pageCount(total, pageSize)
  return <Pager label={label} summary={summary({ page, pages, count: total })} page={page} pages={pages} href={href} />
}

export interface KeysetPagerProps {
  label: string
  /** "1,234 orders" in the screen's words. */
  summary: string
  /** The addresses of the newer and older pages, null at either end; `newest` when the list is not on its first page. */
  newest: string | null
  newer: string | null
  older: string | null
}

/**
 * Newer and older pages of a list paged by keyset (docs/product.md#order-search): each page's address
 * names the row it continues from, so a page stays what it was while new rows arrive, and the hundredth
 * page costs what the first does.
 */
export function KeysetPager({ label, summary, newest, newer, older }: KeysetPagerProps) {
  const { t } = useTranslation()
  return (
    <nav className={ui.pager} aria-label={label}>
      <span>{summary}</span>
      <span className={ui.actions}>
        {newest ? (
          <Link className={ui.button} to={newest}>
            {t('common.newestPage')}
          </Link>
        ) : null}
        {newer ? (
          <Link className={ui.button} to={newer}>
            {t('common.newerPage')}
          </Link>
        ) : null}
        {older ? (
          <Link className={ui.button} to={older}>
            {t('common.olderPage')}
          </Link>
        ) : null}
      </span>
    </nav>
  )
}
