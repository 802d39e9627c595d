import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { countryGroups, type CountryGroup, type GroupedCountry } from '../../api/reference.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { loadPhoneLibrary, type PhoneValue } from '../../lib/phone.ts'
import { CheckIcon, ChevronDownIcon, CloseIcon, SearchIcon } from '../icons/icons.tsx'
import styles from './phone-field.module.css'

export interface PhoneFieldProps {
  id?: string
  label: string
  value: PhoneValue
  onChange(value: PhoneValue): void
  onBlur?(): void
  /** Translated message shown under the field and linked with aria-describedby. */
  error?: string | undefined
  required?: boolean
  disabled?: boolean
  name?: string
}

let groupsRequest: Promise<CountryGroup[]> | null = null

/**
 * A phone number with its country dialling code (docs/product.md#reference-data alternative country list): a searchable
 * country picker (flags served by this site, grouped by initial letter, keyboard and screen reader
 * operable) and the number itself. Country names are in the page's language.
 */
export function PhoneField({ id, label, value, onChange, onBlur, error, required, disabled, name }: PhoneFieldProps) {
  const { t } = useTranslation()
  const site = useSite()
  const gateway = useGateway()
  const autoId = useId()
  const inputId = id ?? `${autoId}-number`
  const errorId = `${inputId}-error`
  const [groups, setGroups] = useState<CountryGroup[] | null>(null)
  const [open, setOpen] = useState(false)
  const countryButton = useRef<HTMLButtonElement>(null)
  const pickerWasOpen = useRef(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const chinese = site.locale.startsWith('zh')

  const ensureGroups = () => {
    groupsRequest ??= gateway.call(countryGroups, { LanguageCode: site.locale }).then((result) => (chinese ? result.chinese : result.english))
    groupsRequest.then(setGroups).catch(() => {
      groupsRequest = null
      setLoadFailed(true)
    })
  }
  // The selected country's dialling code shows at once; the list loads in the background.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount
  useEffect(() => {
    ensureGroups()
    void loadPhoneLibrary()
  }, [])

  // However the picker closes (a country, Close, Escape, the backdrop), focus returns to the button
  // that opened it, once the dialog has left the page (while it is modal, the rest of the page is inert).
  useEffect(() => {
    if (open) pickerWasOpen.current = true
    else if (pickerWasOpen.current) {
      pickerWasOpen.current = false
      countryButton.current?.focus()
    }
  }, [open])

  const selected = useMemo(() => groups?.flatMap((group) => group.data).find((country) => country.twoCharCode === value.country), [groups, value.country])

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''}`}>
        <button
          ref={countryButton}
          type="button"
          className={styles.countryButton}
          onClick={() => {
            ensureGroups()
            setOpen(true)
          }}
          disabled={disabled}
          aria-haspopup="dialog"
          aria-label={t('phone.countryButton', { country: selected?.name ?? value.country, code: selected?.code ? `+${selected.code.slice(2)}` : '' })}
        >
          <img src={`/flags/3x2/${value.country}.svg`} alt="" width="21" height="14" className={styles.flag} />
          <span className={styles.dial}>{selected?.code ? `+${selected.code.slice(2)}` : value.country}</span>
          <ChevronDownIcon size={16} />
        </button>
        <input
          id={inputId}
          name={name}
          className={styles.number}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.target.value.slice(0, 32) })}
          onBlur={onBlur}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={32}
        />
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {open ? (
        <CountryPicker
          groups={groups}
          loadFailed={loadFailed}
          selected={value.country}
          onRetry={() => {
            setLoadFailed(false)
            ensureGroups()
          }}
          onClose={() => setOpen(false)}
          onSelect={(country) => {
            onChange({ ...value, country: country.twoCharCode })
            setOpen(false)
          }}
        />
      ) : null}
    </div>
  )
}

function matches(country: GroupedCountry, query: string): boolean {
  if (!query) return true
  const needle = query.toLowerCase().replace(/^\+/, '00')
  return (
    country.name.toLowerCase().includes(needle) ||
    country.twoCharCode.toLowerCase() === needle ||
    (country.code !== '' && country.code.startsWith(needle.replace(/^(?!00)(\d)/, '00$1')))
  )
}

function CountryPicker({
  groups,
  loadFailed,
  selected,
  onSelect,
  onClose,
  onRetry,
}: {
  groups: CountryGroup[] | null
  loadFailed: boolean
  selected: string
  onSelect(country: GroupedCountry): void
  onClose(): void
  onRetry(): void
}) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const search = useRef<HTMLInputElement>(null)
  const listId = useId()
  const listShown = groups !== null && !loadFailed
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)

  useEffect(() => {
    dialog.current?.showModal()
    // showModal() focuses the first control (Close); the dialog opens to search, so focus goes there.
    search.current?.focus()
  }, [])

  const filtered = useMemo(
    () =>
      (groups ?? [])
        .map((group) => ({ ...group, data: group.data.filter((country) => country.code && matches(country, query.trim())) }))
        .filter((group) => group.data.length),
    [groups, query],
  )
  const flat = useMemo(() => filtered.flatMap((group) => group.data), [filtered])

  // Start on the selected country; after typing, on the first match.
  useEffect(() => {
    const index = query
      ? 0
      : Math.max(
          0,
          flat.findIndex((country) => country.twoCharCode === selected),
        )
    setActive(index)
  }, [flat, query, selected])

  useEffect(() => {
    document.getElementById(`${listId}-${flat[active]?.twoCharCode}`)?.scrollIntoView({ block: 'nearest' })
  }, [active, flat, listId])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(flat.length - 1, index + 1))
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(0, index - 1))
    else if (event.key === 'Home') setActive(0)
    else if (event.key === 'End') setActive(flat.length - 1)
    else if (event.key === 'PageDown') setActive((index) => Math.min(flat.length - 1, index + 8))
    else if (event.key === 'PageUp') setActive((index) => Math.max(0, index - 8))
    else if (event.key === 'Enter') {
      const country = flat[active]
      if (country) onSelect(country)
    } else return
    event.preventDefault()
  }

  const activeCountry = flat[active]
  return (
    <dialog
      ref={dialog}
      className={styles.picker}
      aria-label={t('phone.pickerTitle')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
    >
      <div className={styles.pickerHead}>
        <h2 className={styles.pickerTitle}>{t('phone.pickerTitle')}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('nav.close')}>
          <CloseIcon />
        </button>
      </div>
      <div className={styles.search}>
        <SearchIcon size={18} />
        <input
          ref={search}
          // text, not search: role=combobox is allowed on a text input only.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          className={styles.searchInput}
          value={query}
          onChange={(event) => setQuery(event.target.value.slice(0, 40))}
          onKeyDown={onKeyDown}
          placeholder={t('phone.searchPlaceholder')}
          aria-label={t('phone.searchPlaceholder')}
          role="combobox"
          // The list exists only once the countries have loaded: naming it before then points at nothing.
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listShown && activeCountry ? `${listId}-${activeCountry.twoCharCode}` : undefined}
        />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {groups ? t('phone.results', { count: flat.length }) : ''}
      </p>
      {loadFailed ? (
        <div className={styles.state}>
          <p>{t('common.loadFailed')}</p>
          <button type="button" className={styles.retry} onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : !groups ? (
        <p className={styles.state}>{t('common.loading')}</p>
      ) : (
        <div id={listId} role="listbox" aria-label={t('phone.pickerTitle')} className={styles.list}>
          {flat.length === 0 ? <p className={styles.state}>{t('phone.noMatch')}</p> : null}
          {filtered.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group inside an ARIA listbox
            <div key={group.name} role="group" aria-labelledby={`${listId}-group-${group.name}`}>
              <div id={`${listId}-group-${group.name}`} className={styles.groupName} role="presentation">
                {group.name}
              </div>
              {group.data.map((country) => {
                const isActive = activeCountry?.twoCharCode === country.twoCharCode
                const isSelected = country.twoCharCode === selected
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
                  <div
                    key={country.twoCharCode}
                    id={`${listId}-${country.twoCharCode}`}
                    role="option"
                    aria-selected={isSelected}
                    className={`${styles.option} ${isActive ? styles.active : ''}`}
                    onClick={() => onSelect(country)}
                  >
                    <img src={country.flag} alt="" width="21" height="14" className={styles.flag} loading="lazy" />
                    <span className={styles.optionName}>{country.name}</span>
                    <span className={styles.optionCode}>+{country.code.slice(2)}</span>
                    {isSelected ? <CheckIcon size={16} /> : null}
                  </div>
                )
              })}
            </div>
          ))}
        </div>
      )}
    </dialog>
  )
}
