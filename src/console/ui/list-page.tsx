import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListData } from '../screen-kit.ts'
import { ConsolePage } from './console-page.tsx'
import { ListFilters, type ListFiltersProps } from './list-filters.tsx'
import type { FormField } from './list-query.ts'
import { ListPager } from './pager.tsx'
import styles from './ui.module.css'

export interface ListPageProps<F extends { page: number }, P extends { total: number | null }> {
  /**
   * The list's words in the console's texts (`orders`): its title and lead (`title`, `lead`), what an
   * empty list says (`empty`), the pager's name and where the member is (`pages`, `pageOf`).
   */
  words: string
  /** What the loader gave (`listLoader`/`loadList` in screen-kit.ts): the filters, the page, its size. */
  data: ListData<F, P>
  /** The list's query (ui/list-query.ts): writes another page's address from the filters; its fields are the filters form. */
  query: { pageHref(filters: F, page: number): string; fields: readonly FormField[] }
  /** Beside the title (a "New ..." link, say). */
  actions?: ReactNode
  /** Before the filters (the library's upload, say); kept as it is when the address changes. */
  intro?: ReactNode
  /** The exhibitions the filters form offers, where the list has the exhibition choice (ui/list-filters.tsx). */
  exhibitions?: ListFiltersProps['exhibitions']
  /** Options of the form's choices that the page's data gives, by query parameter (ui/list-filters.tsx). */
  options?: ListFiltersProps['options']
  /** Between the filters and the list (an export panel, a status line, say). */
  children?: ReactNode
  /** The list shows times ("Times are shown in UTC." under it). */
  times?: boolean
  /** Instead of the numbered pager: a list paged by keyset gives its own (ui/pager.tsx `KeysetPager`). */
  pager?: ReactNode
}

/**
 * A console list screen whose list is its own (comments as cards, the library as tiles): title, the
 * filters form its query's fields make, sent as the page's address, the list, the pager, and the note on times. A list that is a table is
 * `ListScreen` (list-screen.tsx); the loader side is `listLoader` in screen-kit.ts with the filters of
 * ui/list-query.ts (docs/CONVENTIONS.md#a-console-screen-srcconsole).
 */
export function ListPage<F extends { page: number }, P extends { total: number | null }>({
  words,
  data,
  query,
  actions,
  intro,
  exhibitions,
  options,
  children,
  times = false,
  pager,
  list,
}: ListPageProps<F, P> & { list: ReactNode }) {
  const { t } = useTranslation()
  return (
    <ConsolePage title={t(`${words}.title`)} lead={t(`${words}.lead`)} actions={actions}>
      {intro}
      {/* Made anew when the address changes, so the form shows what it says. */}
      {query.fields.length ? (
        <ListFilters key={JSON.stringify(data.filters)} words={words} query={query} filters={data.filters} exhibitions={exhibitions} options={options} />
      ) : null}
      {children}
      {list}
      {pager ?? (
        <ListPager
          label={t(`${words}.pages`)}
          summary={(values) => t(`${words}.pageOf`, values)}
          page={data.filters.page}
          total={data.page.total ?? 0}
          pageSize={data.pageSize}
          href={(next) => query.pageHref(data.filters, next)}
        />
      )}
      {times ? <p className={styles.hint}>{t('common.timesInUtc')}</p> : null}
    </ConsolePage>
  )
}
