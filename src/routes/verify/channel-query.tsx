import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import type { ChannelVerdict, OfficialChannel } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { SearchIcon } from '../../components/icons/icons.tsx'
import { detectType } from './detect.ts'
import { ChannelResult } from './results.tsx'
import styles from './verify.module.css'

/** What the loader answered for `?value=`: a verdict, or the translation key of a refusal. */
export interface ChannelAnswer {
  value: string
  verdict: ChannelVerdict | null
  error: { key: string; params: Record<string, unknown> } | null
}

/**
 * The contact / channel query: one field, the type shown while typing, the answer below. A plain GET
 * form to this page's own address, so it works before hydration and without scripts; with scripts
 * the router submits it and the loader answers in the browser.
 */
export function ChannelQuery({ channels, answer }: { channels: OfficialChannel[] | undefined; answer: ChannelAnswer | null }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const location = useLocation()
  const navigation = useNavigation()
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState(answer?.value ?? '')
  const [emptyError, setEmptyError] = useState(false)
  // A refused new entry takes the last answer's verdict away: it no longer answers what the field holds.
  const [verdictDismissed, setVerdictDismissed] = useState(false)
  // Typing again dismisses the refusal of the last answer, as it dismisses the empty-field message.
  const [edited, setEdited] = useState(false)
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname
  const refusal = answer?.error && !edited && !busy ? t(answer.error.key, answer.error.params) : null
  const error = emptyError ? t('errors.empty') : refusal
  const detected = detectType(value)

  // A refused entry: back to the field, so the visitor can correct it at once.
  useEffect(() => {
    setEdited(false)
    setVerdictDismissed(false)
    if (answer?.error) input.current?.focus()
  }, [answer])

  const submit = (event: FormEvent) => {
    if (busy) return event.preventDefault()
    if (!detectType(value)) {
      event.preventDefault()
      setEmptyError(true)
      setVerdictDismissed(true)
      input.current?.focus()
    }
  }

  return (
    <div className={styles.panelBody}>
      <p className={styles.panelIntro}>{t('query.intro')}</p>
      <Form method="get" action={`/${site.lang}/verify.html`} className={styles.form} onSubmit={submit} noValidate aria-busy={busy} preventScrollReset>
        <label htmlFor="verify-value" className={styles.label}>
          {t('query.label')}
        </label>
        <p id="verify-value-hint" className={styles.hint}>
          {t('query.hint')}
        </p>
        <div className={styles.inputRow}>
          <input
            ref={input}
            id="verify-value"
            name="value"
            type="text"
            className={styles.input}
            value={value}
            onChange={(event) => {
              setValue(event.target.value)
              setEmptyError(false)
              setEdited(true)
            }}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={1000}
            aria-invalid={error ? true : undefined}
            aria-describedby={`verify-value-hint verify-value-type${error ? ' verify-value-error' : ''}`}
          />
          <button type="submit" className={styles.submit} disabled={busy}>
            <SearchIcon size={20} />
            <span>{busy ? t('query.checking') : t('query.submit')}</span>
          </button>
        </div>
        <p id="verify-value-type" className={styles.detected} data-type={detected ?? ''}>
          {detected ? t('query.detected', { type: t(`types.${detected}`) }) : t('query.detectedNone')}
        </p>
        {error ? (
          <p id="verify-value-error" className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </Form>
      {answer?.verdict && !busy && !verdictDismissed ? <ChannelResult key={location.key} verdict={answer.verdict} channels={channels} /> : null}
    </div>
  )
}
