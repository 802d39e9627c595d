import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import styles from './list-filters.module.css'
import ui from './ui.module.css'

/**
 * One choice of a list's filters: the query parameter it sets, its value, and its keys under the
 * list's words (`label`, what "any" reads); its options are values whose labels are keys under
 * `option` (`kinds` for `applications.kinds.exhibitor`), or options the data gives, already worded.
 */
export type FilterChoice = { name: string; value: string; label: string; any: string } & (
  | { values: readonly string[]; option: string }
  | { options: ReadonlyArray<{ value: string; label: string }> }
)

interface ListFiltersProps {
  /**
   * The list's words in the console's texts (`applications`): the form's name (`filters`), the search
   * box's label and hint (`search`, `searchHint`), the buttons (`apply`, `clear`) and the choices'
   * keys are under it; it is also the prefix of the fields' ids.
   */
  words: string
  /** The free-text box (`q`); a list without one (the audit log) leaves it out. */
  search?: { value: string; maxLength: number }
  /** The exhibition choice (`exhibition`; keys `exhibition` and `anyExhibition`), first after the search. */
  exhibitions?: { value: string; list: ReadonlyArray<{ id: number; title: string }> }
  choices?: readonly FilterChoice[]
  /** Days (yyyy-mm-dd) after the choices, each labelled by the key of its name: paid between, changed between. */
  days?: ReadonlyArray<{ name: string; value: string }>
}

const optionsOf = (choice: FilterChoice, word: (key: string) => string) =>
  'options' in choice ? choice.options : choice.values.map((value) => ({ value, label: word(`${choice.option}.${value}`) }))

/** Search and filters of a console list, sent as the page's address (GET): Enter in the search box searches, the page can be bookmarked. */
export function ListFilters({ words, search, exhibitions, choices = [], days = [] }: ListFiltersProps) {
  const { t } = useTranslation()
  const word = (key: string) => t(`${words}.${key}`)
  const allChoices: readonly FilterChoice[] = exhibitions
    ? [
        {
          name: 'exhibition',
          value: exhibitions.value,
          label: 'exhibition',
          any: 'anyExhibition',
          options: exhibitions.list.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
        },
        ...choices,
      ]
    : choices
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={word('filters')}>
      <div className={styles.filters}>
        {search ? (
          <div className={`${ui.field} ${styles.search}`}>
            <label className={ui.label} htmlFor={`${words}-search`}>
              {word('search')}
            </label>
            <input
              id={`${words}-search`}
              type="search"
              name="q"
              className={ui.input}
              defaultValue={search.value}
              maxLength={search.maxLength}
              aria-describedby={`${words}-search-hint`}
            />
            <p id={`${words}-search-hint`} className={ui.hint}>
              {word('searchHint')}
            </p>
          </div>
        ) : null}
        {allChoices.map((choice) => (
          <div key={choice.name} className={ui.field}>
            <label className={ui.label} htmlFor={`${words}-${choice.name}`}>
              {word(choice.label)}
            </label>
            <select id={`${words}-${choice.name}`} name={choice.name} className={ui.input} defaultValue={choice.value}>
              <option value="">{word(choice.any)}</option>
              {optionsOf(choice, word).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {days.map((field) => (
          <div key={field.name} className={ui.field}>
            <label className={ui.label} htmlFor={`${words}-${field.name}`}>
              {word(field.name)}
            </label>
            <input id={`${words}-${field.name}`} type="date" name={field.name} className={ui.input} defaultValue={field.value} />
          </div>
        ))}
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
