import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import { RECAP_FIGURES } from '../../../../shared/rules/exhibitions.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import styles from '../../content-kit/content-kit.module.css'
import { PartForm } from '../../content-kit/part-form.tsx'
import { fallbackOf, localeName } from '../../content-kit/texts-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import type { PartProps } from './part-props.ts'

/**
 * The recap shown once the exhibition has taken place: its figures, and its summary in each language
 * the exhibition has texts in (a language without a title falls back as a whole, recap included).
 */
export function Recap({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const [figures, setFigures] = useState(content.recap.figures)
  const [texts, setTexts] = useState(content.recap.texts)
  const errorOf = saver.errorOf
  const { locales } = content.exhibition
  const absent = LOCALES.filter((locale) => !locales.includes(locale))
  const asTexts = Object.fromEntries(Object.entries(texts).map(([locale, summary]) => [locale, { summary }]))
  return (
    <PartForm
      title={t('pages.part.recap')}
      lead={t('pages.recapLead')}
      {...saver}
      onSave={() => save({ part: 'recap', recap: { figures, texts } })}
      onReload={reload}
    >
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('pages.figures')}</legend>
        <div className={styles.grid}>
          {RECAP_FIGURES.map((name) => (
            <TextField
              key={name}
              label={t(`pages.figure.${name}`)}
              type="number"
              min={0}
              value={figures[name] ?? ''}
              error={errorOf(`recap.figures.${name}`)}
              onChange={(event) => setFigures({ ...figures, [name]: event.target.value === '' ? null : Number(event.target.value) })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('pages.recapSummary')}</legend>
        {locales.map((locale) => (
          <RecapText
            key={locale}
            label={`${localeName(locale)} (${locale})`}
            lang={locale}
            value={texts[locale] ?? ''}
            missing={!texts[locale]}
            error={errorOf(`recap.texts.${locale}`)}
            onChange={(value) => setTexts({ ...texts, [locale]: value })}
          />
        ))}
        {absent.length ? (
          <p className={ui.hint}>
            {t('pages.recapAbsent', {
              languages: absent.map((locale) => `${localeName(locale)} → ${localeName(fallbackOf(asTexts, locale, 'summary') ?? 'en')}`).join(', '),
            })}
          </p>
        ) : null}
      </fieldset>
    </PartForm>
  )
}

function RecapText(props: { label: string; lang: string; value: string; missing: boolean; error?: string | undefined; onChange(value: string): void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {props.label} {props.missing ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('pages.missing')}</span> : null}
      </label>
      <textarea
        id={id}
        className={ui.input}
        lang={props.lang}
        rows={3}
        maxLength={LIMITS.recap}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? <p className={ui.fieldError}>{props.error}</p> : null}
    </div>
  )
}
