import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type EditorialRendered, editorialRender } from '../../../api/console-editorial.ts'
import type { EditorialKind } from '../../../../shared/rules/console-editorial.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './content-item.module.css'
import { Alert } from '../../ui/form-end.tsx'

type Texts = Partial<Record<Locale, { title: string; summary: string; alt: string; body: string }>>

/**
 * What a visitor of one language would read of the texts as they stand in the form (saved or not):
 * the platform picks the language along the fallback chain (zh-hk → zh-tw → zh-cn → en; others →
 * en) and makes the body's HTML with the pages' own sanitiser, so what shows here is what the page shows.
 */
export function LanguagePreview({ kind, texts, locale, onLocale }: { kind: EditorialKind; texts: Texts; locale: Locale; onLocale(locale: Locale): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const [shown, setShown] = useState<(EditorialRendered & { asked: Locale }) | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function show(asked: Locale) {
    setBusy(true)
    setError('')
    try {
      setShown({ ...(await client.call(editorialRender, { kind, locale: asked, texts })), asked })
    } catch (caught) {
      setError(errorText(caught))
    }
    setBusy(false)
  }
  return (
    <section className={ui.panel} aria-labelledby="content-preview">
      <h2 className={ui.panelTitle} id="content-preview">
        {t('contentItem.preview.title')}
      </h2>
      <form
        className={styles.inline}
        onSubmit={(event) => {
          event.preventDefault()
          void show(locale)
        }}
      >
        <div className={ui.field}>
          <label className={ui.label} htmlFor="content-preview-as">
            {t('contentItem.preview.as')}
          </label>
          <select id="content-preview-as" className={ui.input} value={locale} onChange={(event) => onLocale(event.target.value as Locale)}>
            {LOCALES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('contentItem.preview.show')}
        </button>
      </form>
      <Alert message={error} />
      {shown ? (
        <div className={styles.previewBox} data-testid="language-preview">
          <p className={ui.muted}>
            {shown.usedLocale === null
              ? t('contentItem.preview.nothing', { language: shown.asked })
              : shown.usedLocale === shown.asked
                ? t('contentItem.preview.own', { language: shown.asked })
                : t('contentItem.preview.fallback', { language: shown.asked, used: shown.usedLocale })}{' '}
            {t('contentItem.preview.chain', { chain: shown.chain.join(' → ') })}
          </p>
          {shown.usedLocale ? (
            <article lang={shown.usedLocale}>
              <h3 className={styles.previewTitle}>{shown.title}</h3>
              {shown.summary ? <p className={styles.previewLead}>{shown.summary}</p> : null}
              {/* The platform's sanitiser made this HTML (the same one the public pages use). */}
              {shown.bodyHtml ? <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: shown.bodyHtml }} /> : null}
            </article>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
