import { type KeyboardEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import styles from './exhibitor-area.module.css'

export const languageName = (locale: Locale) => LANGUAGE_INFO[urlLanguageOfLocale(locale)].nativeName
export const languageTag = (locale: Locale) => LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang

export type TabState = 'written' | 'empty' | 'error'

export const textTabId = (prefix: string, locale: Locale) => `${prefix}-tab-${locale}`
export const textPanelId = (prefix: string) => `${prefix}-panel`

/**
 * The profile's twelve languages as tabs (the WAI-ARIA tabs pattern, manual activation: arrows move,
 * Enter or Space opens), each saying whether it is written, empty or has a field to fix; English,
 * shown wherever no other language is written, says it is required.
 */
export function LanguageTabs({
  prefix,
  active,
  states,
  onSelect,
}: {
  prefix: string
  active: Locale
  states: Record<Locale, TabState>
  onSelect(locale: Locale): void
}) {
  const { t } = useTranslation('exhibitor')
  const refs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({})
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, locale: Locale) => {
    const index = LOCALES.indexOf(locale)
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? LOCALES[(index + 1) % LOCALES.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? LOCALES[(index - 1 + LOCALES.length) % LOCALES.length]
          : event.key === 'Home'
            ? LOCALES[0]
            : event.key === 'End'
              ? LOCALES[LOCALES.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    refs.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label={t('profile.languages')} className={styles.tabs}>
      {LOCALES.map((locale) => {
        const selected = locale === active
        const state = states[locale]
        return (
          <button
            key={locale}
            ref={(element) => {
              refs.current[locale] = element
            }}
            type="button"
            role="tab"
            id={textTabId(prefix, locale)}
            aria-selected={selected}
            aria-controls={textPanelId(prefix)}
            tabIndex={selected ? 0 : -1}
            className={`${styles.tab} ${selected ? styles.tabSelected : ''} ${styles[`tab_${state}`] ?? ''}`}
            onClick={() => onSelect(locale)}
            onKeyDown={(event) => onKeyDown(event, locale)}
          >
            <span className={styles.tabName} lang={languageTag(locale)}>
              {languageName(locale)}
            </span>
            <span className={styles.tabState}>
              {state === 'error' ? <span aria-hidden="true">! </span> : state === 'written' ? <span aria-hidden="true">✓ </span> : null}
              {t(`profile.tab.${state}`)}
              {locale === 'en' ? <span className={styles.tabRequired}> · {t('profile.required')}</span> : null}
            </span>
          </button>
        )
      })}
    </div>
  )
}
