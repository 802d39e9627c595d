import { useTranslation } from 'react-i18next'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import styles from './editorial.module.css'

/** The `lang` attribute for text that fell back to another language (null: the page's own). */
export function fallbackLang(locale: Locale | null): string | undefined {
  return locale ? LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang : undefined
}

/**
 * docs/product.md#content-fallback: content missing in the visitor's language is shown in the next language of the
 * fallback chain, and the page says so. `what` names the item ('article', 'video', 'bulletin').
 */
export function FallbackNote({ locale, what, compact = false }: { locale: Locale | null; what: 'article' | 'video' | 'bulletin'; compact?: boolean }) {
  const { t } = useTranslation('editorial')
  if (!locale) return null
  const language = t(`languages.${locale}`)
  return (
    <p className={compact ? styles.fallbackCompact : styles.fallback} role="note">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className={styles.fallbackIcon}>
        <path
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2c1.1 0 2.5 2.3 2.9 6H9.1C9.5 6.3 10.9 4 12 4Zm-3 .7A13 13 0 0 0 7.1 10H4.3A8 8 0 0 1 9 4.7Zm6 0a8 8 0 0 1 4.7 5.3h-2.8A13 13 0 0 0 15 4.7ZM4.3 12h2.8c.1 2 .6 3.9 1.9 5.3A8 8 0 0 1 4.3 12Zm4.8 0h5.8c-.4 3.7-1.8 6-2.9 6s-2.5-2.3-2.9-6Zm7.8 0h2.8a8 8 0 0 1-4.7 5.3c1.3-1.4 1.8-3.3 1.9-5.3Z"
          fill="currentColor"
        />
      </svg>
      {compact ? t('fallback.short', { language }) : t(`fallback.${what}`, { language })}
    </p>
  )
}
