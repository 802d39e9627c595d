import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { htmlLangOf, isConsoleLanguage, nativeNameOf } from '../i18n.ts'
import styles from './shell.module.css'

interface LanguageSelectProps {
  value: ConsoleLanguage
  disabled?: boolean
  onChange(language: ConsoleLanguage): void
}

/** The console's UI language, each named in itself. */
export function LanguageSelect({ value, disabled, onChange }: LanguageSelectProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <span className={styles.language}>
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isConsoleLanguage(event.target.value)) onChange(event.target.value)
        }}
      >
        {CONSOLE_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={htmlLangOf(language)}>
            {nativeNameOf(language)}
          </option>
        ))}
      </select>
    </span>
  )
}
