import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ALL_URL_LANGUAGES, contentFallbackChain, LANGUAGE_INFO, LOCALES, type Locale } from '../../../shared/languages.ts'
import ui from '../ui/ui.module.css'
import styles from './content-kit.module.css'

export type Texts<F extends string> = Partial<Record<Locale, Partial<Record<F, string>>>>

export interface TextFieldSpec<F extends string> {
  name: F
  label: string
  max: number
  long?: boolean
}

/** A locale's name as its speakers write it (zh-tw is the site's `zh`). */
export const localeName = (locale: Locale) => LANGUAGE_INFO[ALL_URL_LANGUAGES.find((language) => LANGUAGE_INFO[language].locale === locale) ?? 'en'].nativeName

/** A language is written when any of its fields is; the key field decides what a visitor falls back from. */
const written = <F extends string>(texts: Texts<F>, locale: Locale, key: F) => Boolean(texts[locale]?.[key]?.trim())

/** What a visitor of `locale` reads of `field`: the first language of their fallback chain that has it (docs/product.md#content-fallback). */
export function fallbackOf<F extends string>(texts: Texts<F>, locale: Locale, key: F): Locale | null {
  return contentFallbackChain(locale).find((candidate) => written(texts, candidate, key)) ?? null
}

interface TextsEditorProps<F extends string> {
  /** Names the inputs and their errors: `${path}.${locale}.${field}` is the field path of the save. */
  path: string
  fields: Array<TextFieldSpec<F>>
  /** The field without which a language counts as missing. */
  keyField: F
  value: Texts<F>
  onChange(next: Texts<F>): void
  errorOf(path: string): string | undefined
}

/**
 * Texts in the 12 languages: English in view (every fallback ends there), the other eleven in a
 * disclosure with the missing ones marked, and a preview of what a visitor of any language would read.
 */
export function TextsEditor<F extends string>({ path, fields, keyField, value, onChange, errorOf }: TextsEditorProps<F>) {
  const { t } = useTranslation()
  const others = LOCALES.filter((locale) => locale !== 'en')
  const missing = others.filter((locale) => !written(value, locale, keyField))
  const hasErrors = others.some((locale) => fields.some((field) => errorOf(`${path}.${locale}.${field.name}`)))
  const set = (locale: Locale, field: F, text: string) => onChange({ ...value, [locale]: { ...value[locale], [field]: text } })
  return (
    <div className={styles.texts}>
      <LanguageRow locale="en" path={path} fields={fields} value={value} set={set} errorOf={errorOf} missing={!written(value, 'en', keyField)} />
      <details className={styles.languages} open={hasErrors || undefined}>
        <summary>{t('pages.otherLanguages', { written: others.length - missing.length, missing: missing.length })}</summary>
        {others.map((locale) => (
          <LanguageRow
            key={locale}
            locale={locale}
            path={path}
            fields={fields}
            value={value}
            set={set}
            errorOf={errorOf}
            missing={!written(value, locale, keyField)}
          />
        ))}
        <FallbackPreview fields={fields} keyField={keyField} value={value} />
      </details>
    </div>
  )
}

interface LanguageRowProps<F extends string> {
  locale: Locale
  path: string
  fields: Array<TextFieldSpec<F>>
  value: Texts<F>
  missing: boolean
  set(locale: Locale, field: F, text: string): void
  errorOf(path: string): string | undefined
}

function LanguageRow<F extends string>({ locale, path, fields, value, missing, set, errorOf }: LanguageRowProps<F>) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <fieldset className={styles.language}>
      <legend className={ui.legend}>
        <span lang={locale}>{localeName(locale)}</span> <span className={ui.muted}>({locale})</span>{' '}
        {missing ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('pages.missing')}</span> : null}
      </legend>
      <div className={styles.languageFields}>
        {fields.map((field) => {
          const error = errorOf(`${path}.${locale}.${field.name}`)
          const inputId = `${id}-${field.name}`
          const common = {
            id: inputId,
            className: ui.input,
            lang: locale,
            maxLength: field.max,
            value: value[locale]?.[field.name] ?? '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
          }
          return (
            <div className={ui.field} key={field.name}>
              <label className={ui.label} htmlFor={inputId}>
                {field.label} <span className={ui.muted}>({locale})</span>
              </label>
              {field.long ? (
                <textarea {...common} rows={3} onChange={(event) => set(locale, field.name, event.target.value)} />
              ) : (
                <input {...common} onChange={(event) => set(locale, field.name, event.target.value)} />
              )}
              {error ? (
                <p className={ui.fieldError} id={`${inputId}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** What a visitor of the chosen language reads, and from which language when theirs is missing. */
function FallbackPreview<F extends string>({ fields, keyField, value }: { fields: Array<TextFieldSpec<F>>; keyField: F; value: Texts<F> }) {
  const { t } = useTranslation()
  const id = useId()
  const [locale, setLocale] = useState<Locale>('zh-hk')
  const from = fallbackOf(value, locale, keyField)
  return (
    <div className={styles.preview}>
      <label className={ui.label} htmlFor={id}>
        {t('pages.previewAs')}
      </label>
      <select id={id} className={ui.input} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
        {LOCALES.map((candidate) => (
          <option key={candidate} value={candidate}>
            {localeName(candidate)} ({candidate})
          </option>
        ))}
      </select>
      <output className={styles.previewBox} htmlFor={id} aria-live="polite">
        {from === null ? (
          <span className={ui.muted}>{t('pages.previewNothing')}</span>
        ) : (
          <>
            {from === locale ? null : <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('pages.previewFallback', { from: localeName(from) })}</span>}
            {fields.map((field) =>
              value[from]?.[field.name] ? (
                <span key={field.name} className={styles.previewLine} lang={from}>
                  <span className={ui.muted}>{field.label}: </span>
                  {value[from]?.[field.name]}
                </span>
              ) : null,
            )}
          </>
        )}
      </output>
    </div>
  )
}
