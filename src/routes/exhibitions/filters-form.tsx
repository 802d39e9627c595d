import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useSubmit } from 'react-router'
import type { ExhibitionList } from '../../api/exhibitions.ts'
import { EXHIBITION_STATES, EXHIBITION_TYPES } from '../../../shared/rules/exhibitions.ts'
import styles from './exhibitions.module.css'
import { type Filters, hasFilters } from './filters.ts'

interface FiltersFormProps {
  filters: Filters
  facets: ExhibitionList['facets']
  listPath: string
}

/** Year, region, state and type: every change applies at once (a plain GET form without JavaScript). */
export function FiltersForm({ filters, facets, listPath }: FiltersFormProps) {
  const { t } = useTranslation('exhibitions')
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const years = [...new Set([...facets.years, ...(filters.year ? [filters.year] : [])])].sort((a, b) => b - a)
  const regions = [...new Set([...facets.regions, ...(filters.region ? [filters.region] : [])])]
  const ids = { year: useId(), region: useId(), state: useId(), type: useId() }

  const select = (name: keyof Filters, id: string, label: string, options: Array<{ value: string; label: string }>) => (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={styles.select}
        defaultValue={filters[name] ? String(filters[name]) : ''}
        key={`${name}-${filters[name] ?? ''}`}
        onChange={() => {
          if (form.current) submit(form.current, { preventScrollReset: true })
        }}
      >
        <option value="">{t('filters.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <Form ref={form} method="get" action={listPath} className={styles.filters} aria-label={t('filters.label')} preventScrollReset>
      {select(
        'year',
        ids.year,
        t('filters.year'),
        years.map((year) => ({ value: String(year), label: String(year) })),
      )}
      {select(
        'region',
        ids.region,
        t('filters.region'),
        regions.map((region) => ({ value: region, label: t(`region.${region}`) })),
      )}
      {select(
        'state',
        ids.state,
        t('filters.state'),
        EXHIBITION_STATES.map((state) => ({ value: state, label: t(`state.${state}`) })),
      )}
      {select(
        'type',
        ids.type,
        t('filters.type'),
        EXHIBITION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
      )}
      <div className={styles.formActions}>
        {/* Without JavaScript the form is sent with this button; with it, every change applies at once. */}
        {hydrated ? null : (
          <button type="submit" className={styles.apply}>
            {t('filters.apply')}
          </button>
        )}
        {hasFilters(filters) ? (
          <Link to={listPath} className={styles.clear} preventScrollReset>
            {t('filters.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
