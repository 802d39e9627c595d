import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { KEYWORD_MAX } from '../../../shared/rules/search.ts'
import { useSite } from '../../app-state.ts'
import { CloseIcon, SearchIcon } from '../icons/icons.tsx'
import { BrokerLabel, BrokerLogo, MarkedName } from './broker-parts.tsx'
import styles from './search-box.module.css'
import { useSearchNamespace } from './search-namespace.ts'
import { type Option, useSearch } from './use-search.ts'

// The mobile search panel's open state: the header's search icon opens it (openMobileSearch), the
// header's box renders it. Browser-only UI state, never touched while rendering on the server.
let mobileOpen = false
const listeners = new Set<() => void>()
const setMobileOpen = (value: boolean) => {
  mobileOpen = value
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What the header's mobile search icon calls (docs/product.md#search-box mobile header). */
export function openMobileSearch(): void {
  setMobileOpen(true)
}

/** The header's search box; it also holds the full-width panel the mobile search icon opens. */
export function SearchBox() {
  const open = useSyncExternalStore(
    subscribe,
    () => mobileOpen,
    () => false,
  )
  return (
    <>
      <SearchField variant="header" placement="expo-header" />
      {open ? createPortal(<MobilePanel onClose={() => setMobileOpen(false)} />, document.body) : null}
    </>
  )
}

function MobilePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog ref={dialog} className={styles.panel} aria-label={t('nav.search')} onClose={onClose}>
      <div className={styles.panelBar}>
        <SearchField variant="panel" placement="expo-header" autoFocus onLeave={() => dialog.current?.close()} />
        <button type="button" className={styles.panelClose} onClick={() => dialog.current?.close()} aria-label={t('nav.close')}>
          <CloseIcon />
        </button>
      </div>
    </dialog>
  )
}

export interface SearchFieldProps {
  /** header: compact, dropdown below; panel: the mobile panel, results inline; page: a wide box on a screen. */
  variant: 'header' | 'panel' | 'page'
  /** Advertising placement sent as adPtn. */
  placement: string
  initialText?: string
  autoFocus?: boolean
  /** Called when the search leads away (the mobile panel closes itself). */
  onLeave?: () => void
}

/**
 * The ARIA 1.2 combobox with a listbox popup (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/):
 * focus stays in the input, the active option is announced through aria-activedescendant, arrows
 * move, Home/End jump once an option is active, Enter chooses, Escape closes and then clears.
 * Without JavaScript it is a plain form that opens this site's results page.
 */
export function SearchField({ variant, placement, initialText, autoFocus, onLeave }: SearchFieldProps) {
  const { t } = useTranslation()
  const site = useSite()
  const [ready, loadStrings] = useSearchNamespace()
  const search = useSearch({ placement, ...(initialText ? { initialText } : {}), ...(onLeave ? { onLeave } : {}) })
  const id = useId()
  const root = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`
  const { open, options, active, keyword } = search
  const expanded = open && ready

  // docs/product.md#search-box: a click outside closes the dropdown.
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) search.close()
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open, search.close])

  // The active option stays in view in a scrolled list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  const wake = () => {
    void loadStrings()
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = options.length
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) search.show()
        else if (count) search.setActive(active + 1 >= count ? 0 : active + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) search.show()
        else if (count) search.setActive(active <= 0 ? count - 1 : active - 1)
        break
      case 'Home':
      case 'End':
        if (open && active >= 0 && count) {
          event.preventDefault()
          search.setActive(event.key === 'Home' ? 0 : count - 1)
        }
        break
      case 'Enter': {
        event.preventDefault()
        const option = active >= 0 ? options[active] : undefined
        if (option) search.choose(option)
        else void search.submit()
        break
      }
      case 'Escape':
        if (open) {
          // Closes the dropdown only, not a dialog around the box.
          event.preventDefault()
          event.stopPropagation()
          search.close()
        } else if (search.text) {
          event.preventDefault()
          event.stopPropagation()
          search.clear()
          search.close()
        }
        break
      case 'Tab':
        search.close()
        break
    }
  }

  const placeholder = ready ? t('search:box.placeholder') : t('nav.search')
  return (
    <search className={styles.landmark}>
      <form
        ref={root}
        className={`${styles.box} ${styles[variant]}`}
        action={`/${site.lang}/search.html`}
        method="get"
        onSubmit={(event) => {
          event.preventDefault()
          void search.submit()
        }}
        onPointerEnter={wake}
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget as Node | null)) search.close()
        }}
      >
        <div className={styles.field}>
          <input
            ref={input}
            className={styles.input}
            // text, not search: ARIA in HTML allows role=combobox on a text input only (the Nu checker enforces it);
            // enterKeyHint and inputMode keep the phone keyboard's search key.
            type="text"
            inputMode="search"
            name="keyword"
            role="combobox"
            aria-label={ready ? t('search:box.label') : t('nav.search')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={placeholder}
            // biome-ignore lint/a11y/noAutofocus: the mobile search panel opens to type in it
            autoFocus={autoFocus}
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
            onFocus={() => {
              wake()
              search.show()
            }}
            onClick={() => search.show()}
            onKeyDown={onKeyDown}
          />
          {/* Without scripts the form itself is the search: its URL carries the position like resultsHref's (docs/product.md#search-box). */}
          <input type="hidden" name="SearchPosition" value="1" />
          <button type="submit" className={styles.submit} aria-label={ready ? t('search:box.submit') : t('nav.search')}>
            <SearchIcon size={20} />
          </button>
        </div>
        <div className={styles.popup} hidden={!expanded}>
          {expanded ? <Popup search={search} listboxId={listboxId} optionId={optionId} retry={search.retry} /> : null}
          {/* The listbox exists even while closed, so aria-controls always points somewhere. */}
          {expanded ? null : <div id={listboxId} role="listbox" aria-label={t('nav.search')} hidden />}
        </div>
        {ready ? (
          <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {announcement(t, search, keyword)}
          </div>
        ) : null}
      </form>
    </search>
  )
}

type Translate = ReturnType<typeof useTranslation>['t']
type SearchState = ReturnType<typeof useSearch>

function announcement(t: Translate, search: SearchState, keyword: string): string {
  if (!search.open) return ''
  const capped = search.capped ? ` ${t('search:box.capped', { max: KEYWORD_MAX })}` : ''
  if (!keyword) return search.lists.status === 'ready' ? `${t('search:box.listsShown')}${capped}` : capped.trim()
  if (search.suggestions.keyword !== keyword || search.suggestions.status === 'loading') return capped.trim()
  if (search.suggestions.status === 'error') return t('search:box.failed')
  const count = search.suggestions.items.length
  return `${count ? t('search:box.found', { count }) : t('search:box.noMatch', { keyword })}${capped}`
}

function Popup({ search, listboxId, optionId, retry }: { search: SearchState; listboxId: string; optionId: (index: number) => string; retry: () => void }) {
  const { t } = useTranslation()
  const { keyword, options, active } = search
  const status = keyword ? search.suggestions : search.lists
  const loading = status.status === 'loading' && !options.length
  let index = -1
  const next = () => {
    index += 1
    return index
  }
  const optionProps = (option: Option, position: number) => ({
    id: optionId(position),
    role: 'option' as const,
    // Focus stays in the input (aria-activedescendant); -1 marks options as focusable without a tab stop each.
    tabIndex: -1,
    'aria-selected': position === active,
    onClick: () => search.choose(option),
    onPointerMove: () => position !== active && search.setActive(position),
  })
  const hot = options.filter((option): option is Extract<Option, { kind: 'hot' }> => option.kind === 'hot')
  const brokers = options.filter((option): option is Extract<Option, { kind: 'broker' }> => option.kind === 'broker')
  const all = options.find((option): option is Extract<Option, { kind: 'all' }> => option.kind === 'all')
  return (
    <>
      {search.capped ? <p className={styles.note}>{t('search:box.capped', { max: KEYWORD_MAX })}</p> : null}
      {loading ? (
        <p className={styles.note} aria-hidden="true">
          {t('search:box.loading')}
        </p>
      ) : null}
      {status.status === 'error' ? (
        <p className={styles.note}>
          {keyword ? t('search:box.failed') : t('search:box.listsFailed')}{' '}
          <button type="button" className={styles.retry} onClick={retry}>
            {t('search:box.retry')}
          </button>
        </p>
      ) : null}
      {keyword && search.suggestions.status === 'ready' && search.suggestions.keyword === keyword && !brokers.length ? (
        <p className={styles.note}>{t('search:box.noMatch', { keyword })}</p>
      ) : null}
      {/* Pressing on an option must not blur the input: focus stays in the combobox. */}
      <div id={listboxId} role="listbox" aria-label={t('search:box.label')} className={styles.listbox} onPointerDown={(event) => event.preventDefault()}>
        {hot.length ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox may hold groups of options, not fieldsets
          <div role="group" aria-labelledby={`${listboxId}-hot`} className={styles.group}>
            <div id={`${listboxId}-hot`} className={styles.groupTitle} role="presentation">
              {t('search:box.hot')}
            </div>
            <div className={styles.chips} role="presentation">
              {hot.map((option) => {
                const position = next()
                return (
                  <div key={`hot-${option.item.code}`} className={styles.chip} {...optionProps(option, position)}>
                    {option.item.showName}
                  </div>
                )
              })}
            </div>
          </div>
        ) : null}
        {brokers.length ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox may hold groups of options, not fieldsets
          <div role="group" aria-labelledby={`${listboxId}-brokers`} className={styles.group}>
            <div id={`${listboxId}-brokers`} className={styles.groupTitle} role="presentation">
              {keyword ? t('search:box.suggestions') : t('search:box.recommended')}
            </div>
            {brokers.map((option) => {
              const position = next()
              const broker = option.item
              const shown = broker.showname.map((segment) => segment.text).join('')
              return (
                <div key={`broker-${broker.code}`} className={styles.option} {...optionProps(option, position)}>
                  <BrokerLogo src={broker.ico} size={32} />
                  <span className={styles.optionText}>
                    <span className={styles.optionName}>
                      <MarkedName segments={broker.showname} />
                    </span>
                    {shown !== broker.name ? <span className={styles.optionAlt}>{broker.name}</span> : null}
                  </span>
                  <BrokerLabel text={broker.annotation} color={broker.color} />
                  {broker.traderCode ? <span className="visually-hidden">{t('search:box.newTab')}</span> : null}
                </div>
              )
            })}
          </div>
        ) : null}
        {all ? (
          <div className={`${styles.option} ${styles.all}`} {...optionProps(all, next())}>
            <SearchIcon size={18} />
            <span className={styles.optionText}>{t('search:box.searchAll', { keyword: all.keyword })}</span>
          </div>
        ) : null}
      </div>
    </>
  )
}
