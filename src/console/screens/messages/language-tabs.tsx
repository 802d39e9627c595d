import { type KeyboardEvent, type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '../../../../shared/languages.ts'
import ui from '../../ui/ui.module.css'
import styles from './compose.module.css'

/** The member's own console language as the first tab; English beside it. */
export const firstLanguages = (language: string): Locale[] => (language === 'zh-cn' ? ['en', 'zh-cn'] : language === 'zh' ? ['en', 'zh-tw'] : ['en'])

interface Props {
  languages: Locale[]
  active: Locale
  available: Locale[]
  onSelect(locale: Locale): void
  onAdd(locale: Locale): void
  hasError(locale: Locale): boolean
  children: ReactNode
}

/**
 * The message's languages as tabs (WAI-ARIA tabs: arrow keys move between them), the active one's
 * subject and body below, and a choice to add another language.
 */
export function LanguageTabs({ languages, active, available, onSelect, onAdd, hasError, children }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = languages[(index + step + languages.length) % languages.length] as Locale
    onSelect(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }
  return (
    <section className={styles.texts} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.panelTitle}>
        {t('messages.texts')}
      </h2>
      <p className={ui.hint}>{t('messages.textsHint')}</p>
      <div className={styles.tabBar}>
        <div role="tablist" aria-labelledby={`${id}-title`} className={styles.tabs}>
          {languages.map((locale, index) => (
            <button
              key={locale}
              id={`${id}-tab-${locale}`}
              type="button"
              role="tab"
              aria-selected={locale === active}
              aria-controls={`${id}-panel`}
              tabIndex={locale === active ? 0 : -1}
              className={`${styles.tab} ${hasError(locale) ? styles.tabError : ''}`}
              onClick={() => onSelect(locale)}
              onKeyDown={(event) => move(event, index)}
            >
              <span lang="en">{locale}</span>
            </button>
          ))}
        </div>
        {available.length ? (
          <label className={styles.add}>
            <span>{t('messages.addLanguage')}</span>
            <select
              className={ui.input}
              value=""
              onChange={(event) => {
                if (event.target.value) onAdd(event.target.value as Locale)
              }}
            >
              <option value="">—</option>
              {available.map((locale) => (
                <option key={locale} value={locale}>
                  {locale}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${active}`} className={styles.panel}>
        {children}
      </div>
    </section>
  )
}
