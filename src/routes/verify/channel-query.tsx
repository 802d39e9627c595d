import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import { type ChannelVerdict, type OfficialChannel, verifyChannel } from '../../api/verification.ts'
import { useGateway } from '../../app-state.ts'
import { SearchIcon } from '../../components/icons/icons.tsx'
import { detectType } from './detect.ts'
import { ChannelResult } from './results.tsx'
import styles from './verify.module.css'

/** The contract / channel query: one field, the type shown while typing, the answer below. */
export function ChannelQuery({ channels }: { channels: OfficialChannel[] | undefined }) {
  const { t } = useTranslation('verify')
  const gateway = useGateway()
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<{ id: number; verdict: ChannelVerdict } | null>(null)
  const detected = detectType(value)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!detectType(value)) {
      setError(t('errors.empty'))
      setResult(null)
      input.current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const verdict = await gateway.call(verifyChannel, { value })
      setResult({ id: Date.now(), verdict })
    } catch (caught) {
      const failure = caught instanceof GatewayError ? caught : null
      const params = (failure?.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}
      setError(t(failure?.code ?? 'errors.unexpected', params))
      setResult(null)
      input.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.panelBody}>
      <p className={styles.panelIntro}>{t('query.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
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
              if (error) setError(null)
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
      </form>
      {result ? <ChannelResult key={result.id} verdict={result.verdict} channels={channels} /> : null}
    </div>
  )
}
