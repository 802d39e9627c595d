import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import styles from './list-filters.module.css'
import ui from './ui.module.css'

/** One choice of a list's filters: the query parameter it sets, its label, and what "any" reads. */
export interface FilterChoice {
  name: string
  label: string
  anyLabel: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
}

interface ListFiltersProps {
  /** Prefix of the fields' ids, unique on the page. */
  id: string
  label: string
  /** The free-text box (`q`); a list without one (the audit log) leaves it out. */
  search?: { label: string; hint: string; value: string; maxLength: number }
  choices: readonly FilterChoice[]
  /** Days (yyyy-mm-dd) after the choices: paid between, changed between. */
  days?: ReadonlyArray<{ name: string; label: string; value: string }>
  applyLabel: string
  clearLabel: string
  /** Fields after the choices (dates, say). */
  children?: ReactNode
}

/** Search and filters of a console list, sent as the page's address (GET): Enter in the search box searches, the page can be bookmarked. */
export function ListFilters({ id, label, search, choices, days = [], applyLabel, clearLabel, children }: ListFiltersProps) {
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={label}>
      <div className={styles.filters}>
        {search ? (
          <div className={`${ui.field} ${styles.search}`}>
            <label className={ui.label} htmlFor={`${id}-search`}>
              {search.label}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              name="q"
              className={ui.input}
              defaultValue={search.value}
              maxLength={search.maxLength}
              aria-describedby={`${id}-search-hint`}
            />
            <p id={`${id}-search-hint`} className={ui.hint}>
              {search.hint}
            </p>
          </div>
        ) : null}
        {choices.map((choice) => (
          <div key={choice.name} className={ui.field}>
            <label className={ui.label} htmlFor={`${id}-${choice.name}`}>
              {choice.label}
            </label>
            <select id={`${id}-${choice.name}`} name={choice.name} className={ui.input} defaultValue={choice.value}>
              <option value="">{choice.anyLabel}</option>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {days.map((field) => (
          <div key={field.name} className={ui.field}>
            <label className={ui.label} htmlFor={`${id}-${field.name}`}>
              {field.label}
            </label>
            <input id={`${id}-${field.name}`} type="date" name={field.name} className={ui.input} defaultValue={field.value} />
          </div>
        ))}
        {children}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {applyLabel}
          </button>
          <Link to="?" className={ui.button}>
            {clearLabel}
          </Link>
        </div>
      </div>
    </Form>
  )
}
