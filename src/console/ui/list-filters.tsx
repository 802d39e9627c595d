import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import styles from './list-filters.module.css'
import type { FilterField, FormField } from './list-query.ts'
import ui from './ui.module.css'

type Option = { value: string; label: string }

export interface ListFiltersProps {
  /**
   * The list's words in the console's texts (`applications`): the form's name (`filters`), the search
   * box's label and hint (`search`, `searchHint`), the buttons (`apply`, `clear`) and the fields' keys
   * (ui/list-query.ts `FilterField`) are under it; it is also the prefix of the fields' ids.
   */
  words: string
  /** The list's query (ui/list-query.ts): the fields it shows, in its order. */
  query: { fields: readonly FormField[] }
  /** The filters as the query read them from the address: what each field shows. */
  filters: object
  /** The exhibitions to choose from, where the list has the exhibition choice. */
  exhibitions?: ReadonlyArray<{ id: number; title: string }>
  /** A choice's options that the page's data gives, already worded, by its query parameter (the members of the audit log). */
  options?: Readonly<Record<string, readonly Option[]>>
}

/** A choice's options: the page's, or the field's values worded by their keys. */
function optionsOf(param: string, field: FilterField & { kind: 'choice' }, props: ListFiltersProps, word: (key: string) => string): readonly Option[] {
  const given = props.options?.[param]
  if (given) return given
  return (field.values ?? []).map((value) => ({ value, label: word(`${field.option}.${value}`) }))
}

/**
 * Search and filters of a console list, drawn from its query's fields and sent as the page's address
 * (GET): Enter in the search box searches, the page can be bookmarked. What the form offers and what the
 * address accepts are one list (docs/CONVENTIONS.md#a-console-screen-srcconsole).
 */
export function ListFilters(props: ListFiltersProps) {
  const { words, query, filters, exhibitions = [] } = props
  const { t } = useTranslation()
  const word = (key: string) => t(`${words}.${key}`)
  const shown = (key: string) => String((filters as Record<string, unknown>)[key] ?? '')
  const choice = (param: string, value: string, label: string, any: string, options: readonly Option[]) => (
    <div key={param} className={ui.field}>
      <label className={ui.label} htmlFor={`${words}-${param}`}>
        {word(label)}
      </label>
      <select id={`${words}-${param}`} name={param} className={ui.input} defaultValue={value}>
        <option value="">{word(any)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={word('filters')}>
      <div className={styles.filters}>
        {query.fields.map(({ key, param, field }) => {
          const value = shown(key)
          switch (field.kind) {
            case 'search':
              return (
                <div key={param} className={`${ui.field} ${styles.search}`}>
                  <label className={ui.label} htmlFor={`${words}-search`}>
                    {word('search')}
                  </label>
                  <input
                    id={`${words}-search`}
                    type="search"
                    name={param}
                    className={ui.input}
                    defaultValue={value}
                    maxLength={field.maxLength}
                    aria-describedby={`${words}-search-hint`}
                  />
                  <p id={`${words}-search-hint`} className={ui.hint}>
                    {word('searchHint')}
                  </p>
                </div>
              )
            case 'exhibition':
              return choice(
                param,
                value,
                'exhibition',
                'anyExhibition',
                exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
              )
            case 'choice':
              return choice(param, value, field.label, field.any, optionsOf(param, field, props, word))
            case 'day':
              return (
                <div key={param} className={ui.field}>
                  <label className={ui.label} htmlFor={`${words}-${param}`}>
                    {word(param)}
                  </label>
                  <input id={`${words}-${param}`} type="date" name={param} className={ui.input} defaultValue={value} />
                </div>
              )
            default:
              return null
          }
        })}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {word('apply')}
          </button>
          <Link to="?" className={ui.button}>
            {word('clear')}
          </Link>
        </div>
      </div>
    </Form>
  )
}
