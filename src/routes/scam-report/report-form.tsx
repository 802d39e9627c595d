import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type KeptEvidence, reportScam, type ScamReportForm } from '../../api/scam-reports.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { reportFieldErrors } from '../../../shared/rules/scam-report-form.ts'
import { MEDIA_LIMITS } from '../../../shared/rules/media.ts'
import { REPORT_CURRENCIES, reportPath, reportThanksPath, SCAM_REPORT_LIMITS } from '../../../shared/rules/scam-reports.ts'
import { EVIDENCE_LIMITS, EVIDENCE_MESSAGES, EVIDENCE_FIELD, KEEP_EVIDENCE_FIELD } from '../../../shared/rules/scam-report-evidence.ts'
import { uploadEvidence } from './evidence-upload.ts'
import styles from './scam-report.module.css'

export interface ReportFormState {
  values: ScamReportForm
  /** Field path (`channels.1`) -> message key. */
  errors: Record<string, string>
  failed: string | null
  seconds: number | null
  /** Files already uploaded for this report, waiting for it. */
  kept: KeptEvidence[]
}

/** What every message of the form may name. */
const MESSAGE_VALUES = {
  max: SCAM_REPORT_LIMITS.description,
  min: SCAM_REPORT_LIMITS.descriptionMin,
  maxMb: EVIDENCE_LIMITS.mb,
  files: EVIDENCE_LIMITS.files,
  megapixels: MEDIA_LIMITS.maxPixels / 1_000_000,
}

/** The limit said honestly: why there is one, and how long to wait in minutes (docs/product.md#scam-reports). */
const LIMIT_MESSAGE = 'scam:scamReport.errors.limit'

/** The order the error summary lists fields in, as they stand on the form. */
const FIELD_ORDER = ['description', 'channels', 'happenedOn', 'amount', 'currency', 'evidence', 'email', 'consent']
const fieldIdOf = (path: string) => `report-${path.replace('.', '-')}`
const rank = (path: string) => FIELD_ORDER.indexOf(path.split('.')[0] ?? '') * 10 + Number(path.split('.')[1] ?? 0)

/** The form as the browser holds it (the same names a post without JavaScript sends). */
function valuesOf(form: HTMLFormElement): ScamReportForm {
  const data = new FormData(form)
  const text = (name: string) => String(data.get(name) ?? '')
  return {
    description: text('description'),
    channels: data.getAll('channel').map(String),
    happenedOn: text('happenedOn'),
    amount: text('amount'),
    currency: text('currency'),
    email: text('email'),
    consent: data.get('consent') === 'yes',
    evidence: data.getAll(KEEP_EVIDENCE_FIELD).map(String),
  }
}

/** The chosen files not yet uploaded (an empty input is none). */
const chosenFiles = (form: HTMLFormElement): File[] =>
  form.elements.namedItem(EVIDENCE_FIELD) instanceof HTMLInputElement
    ? Array.from((form.elements.namedItem(EVIDENCE_FIELD) as HTMLInputElement).files ?? []).filter((file) => file.name || file.size)
    : []

/**
 * The report: what happened, the channels, when, what was lost, how to reach the reporter. A real form
 * posting to the page's own address (the platform answers with a redirect, docs/product.md#scam-reports);
 * with JavaScript it is sent through the gateway and the thank-you page opens without a reload.
 */
export function ReportForm({ state }: { state: ReportFormState }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const [errors, setErrors] = useState(state.errors)
  const [failed, setFailed] = useState<{ key: string; seconds: number | null } | null>(
    state.failed ? { key: state.failed === 'errors.rateLimited' ? LIMIT_MESSAGE : state.failed, seconds: state.seconds } : null,
  )
  const [busy, setBusy] = useState(false)
  const [kept, setKept] = useState(state.kept)
  const [hydrated, setHydrated] = useState(false)
  const filled = state.values.channels.filter((value) => value.trim())
  const [channelCount, setChannelCount] = useState(Math.min(SCAM_REPORT_LIMITS.channels, Math.max(1, filled.length + 1)))
  const summary = useRef<HTMLDivElement>(null)
  const paths = Object.keys(errors).sort((a, b) => rank(a) - rank(b))

  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (paths.length || failed) summary.current?.focus()
  }, [paths.length, failed])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const values = valuesOf(form)
    const files = chosenFiles(form)
    setFailed(null)
    // The form's own rules first: what is wrong is named without a round trip; the channels are read by the platform.
    const checked = reportFieldErrors(values, new Date().toISOString().slice(0, 10))
    if (values.evidence.length + files.length > EVIDENCE_LIMITS.files) checked.evidence = EVIDENCE_MESSAGES.tooMany
    setErrors(checked)
    if (Object.keys(checked).length) return
    setBusy(true)
    try {
      // Each file goes ahead of the report; one that is refused stops the sending, those before it stay kept.
      for (const file of files) {
        const outcome = await uploadEvidence(file, site.config.gatewayUrl ?? '')
        if (!outcome.ok) {
          setErrors({ evidence: outcome.code })
          return
        }
        values.evidence.push(outcome.kept.token)
        setKept((list) => [...list, outcome.kept])
      }
      const input = form.elements.namedItem(EVIDENCE_FIELD)
      if (input instanceof HTMLInputElement) input.value = ''
      const { reference } = await gateway.call(reportScam, values)
      await navigate(reportThanksPath(site.lang, reference))
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) setErrors(error.fields)
      else {
        setErrors({})
        const seconds = error instanceof GatewayError ? Number((error.body as { data?: { seconds?: number } } | undefined)?.data?.seconds ?? 0) || null : null
        setFailed({ key: error instanceof GatewayError && error.code === 'errors.rateLimited' ? LIMIT_MESSAGE : 'errors.unexpected', seconds })
      }
    } finally {
      setBusy(false)
    }
  }

  const described = (path: string, hint?: string) => [hint, errors[path] ? `${fieldIdOf(path)}-error` : null].filter(Boolean).join(' ') || undefined
  const inputClass = (path: string, base = styles.input) => `${base} ${errors[path] ? styles.invalidInput : ''}`
  const errorOf = (path: string) =>
    errors[path] ? (
      <p id={`${fieldIdOf(path)}-error`} className={styles.error}>
        {t(errors[path] as string, MESSAGE_VALUES)}
      </p>
    ) : null
  const today = new Date().toISOString().slice(0, 10)

  return (
    <form className={styles.form} method="post" action={reportPath(site.lang)} encType="multipart/form-data" onSubmit={submit} noValidate aria-busy={busy}>
      {paths.length || failed ? (
        <div ref={summary} className={styles.summary} tabIndex={-1} role="alert">
          <h2>
            {failed
              ? t(failed.key, { minutes: Math.max(1, Math.ceil((failed.seconds ?? 60) / 60)), email: site.config.qaEmail })
              : t('scam:scamReport.errors.summary')}
          </h2>
          {paths.length ? (
            <ul>
              {paths.map((path) => (
                <li key={path}>
                  <a href={`#${fieldIdOf(path)}`}>{t(errors[path] as string, MESSAGE_VALUES)}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldIdOf('description')}>
          {t('scam:scamReport.description')}
        </label>
        <p id="report-description-hint" className={styles.hint}>
          {t('scam:scamReport.descriptionHint')}
        </p>
        <textarea
          id={fieldIdOf('description')}
          name="description"
          className={inputClass('description', styles.textarea)}
          defaultValue={state.values.description}
          maxLength={SCAM_REPORT_LIMITS.description}
          required
          aria-invalid={Boolean(errors.description)}
          aria-describedby={described('description', 'report-description-hint')}
        />
        {errorOf('description')}
      </div>

      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('scam:scamReport.channels')}</legend>
        <p id="report-channels-hint" className={styles.hint}>
          {t('scam:scamReport.channelsHint')}
        </p>
        <ol className={styles.channels}>
          {Array.from({ length: channelCount }, (_, index) => {
            const path = `channels.${index}`
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the fields are positions; they are only ever added at the end
              <li key={index} className={styles.field}>
                <label className="visually-hidden" htmlFor={fieldIdOf(path)}>
                  {t('scam:scamReport.channelNumber', { number: index + 1 })}
                </label>
                <input
                  id={fieldIdOf(path)}
                  name="channel"
                  className={inputClass(path)}
                  defaultValue={state.values.channels[index] ?? ''}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={Boolean(errors[path])}
                  aria-describedby={described(path, 'report-channels-hint')}
                />
                {errorOf(path)}
              </li>
            )
          })}
        </ol>
        {hydrated && channelCount < SCAM_REPORT_LIMITS.channels ? (
          <div>
            <button type="button" className={styles.secondary} onClick={() => setChannelCount((count) => count + 1)}>
              {t('scam:scamReport.addChannel')}
            </button>
          </div>
        ) : null}
      </fieldset>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldIdOf('happenedOn')}>
          {t('scam:scamReport.happenedOn')}
        </label>
        <input
          id={fieldIdOf('happenedOn')}
          name="happenedOn"
          type="date"
          className={inputClass('happenedOn')}
          defaultValue={state.values.happenedOn}
          max={today}
          required
          aria-invalid={Boolean(errors.happenedOn)}
          aria-describedby={described('happenedOn')}
        />
        {errorOf('happenedOn')}
      </div>

      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('scam:scamReport.lost')}</legend>
        <p id="report-lost-hint" className={styles.hint}>
          {t('scam:scamReport.lostHint')}
        </p>
        <div className={styles.money}>
          <div className={styles.field}>
            <label className="visually-hidden" htmlFor={fieldIdOf('amount')}>
              {t('scam:scamReport.amount')}
            </label>
            <input
              id={fieldIdOf('amount')}
              name="amount"
              inputMode="decimal"
              placeholder="299.00"
              className={inputClass('amount')}
              defaultValue={state.values.amount}
              aria-invalid={Boolean(errors.amount)}
              aria-describedby={described('amount', 'report-lost-hint')}
            />
          </div>
          <div className={styles.field}>
            <label className="visually-hidden" htmlFor={fieldIdOf('currency')}>
              {t('scam:scamReport.currency')}
            </label>
            <select
              id={fieldIdOf('currency')}
              name="currency"
              className={inputClass('currency')}
              defaultValue={state.values.currency || 'USD'}
              aria-invalid={Boolean(errors.currency)}
              aria-describedby={described('currency')}
            >
              {REPORT_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        </div>
        {errorOf('amount')}
        {errorOf('currency')}
      </fieldset>

      <fieldset className={styles.field}>
        <legend className={styles.label}>{t('scam:scamReport.evidence')}</legend>
        <p id="report-evidence-hint" className={styles.hint}>
          {t('scam:scamReport.evidenceHint', MESSAGE_VALUES)}
        </p>
        {kept.length ? (
          <ul className={styles.kept} aria-label={t('scam:scamReport.evidenceKept')}>
            {kept.map((file) => (
              <li key={file.token}>
                <label className={styles.check}>
                  <input type="checkbox" name={KEEP_EVIDENCE_FIELD} value={file.token} defaultChecked />
                  <span>{t('scam:scamReport.evidenceKeep', { name: file.name, size: Math.max(1, Math.round(file.bytes / 1024)) })}</span>
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="visually-hidden" htmlFor={fieldIdOf('evidence')}>
          {t('scam:scamReport.evidenceFiles')}
        </label>
        <input
          id={fieldIdOf('evidence')}
          name={EVIDENCE_FIELD}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif,application/pdf"
          className={styles.file}
          aria-invalid={Boolean(errors.evidence)}
          aria-describedby={described('evidence', 'report-evidence-hint')}
        />
        {errorOf('evidence')}
      </fieldset>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldIdOf('email')}>
          {t('scam:scamReport.email')}
        </label>
        <p id="report-email-hint" className={styles.hint}>
          {t('scam:scamReport.emailHint')}
        </p>
        <input
          id={fieldIdOf('email')}
          name="email"
          type="email"
          autoComplete="email"
          className={inputClass('email')}
          defaultValue={state.values.email}
          maxLength={SCAM_REPORT_LIMITS.email}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={described('email', 'report-email-hint')}
        />
        {errorOf('email')}
        <label className={styles.check} htmlFor={fieldIdOf('consent')}>
          <input
            id={fieldIdOf('consent')}
            name="consent"
            type="checkbox"
            value="yes"
            defaultChecked={state.values.consent}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={described('consent')}
          />
          <span>{t('scam:scamReport.consent')}</span>
        </label>
        {errorOf('consent')}
      </div>

      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {t(busy ? 'scam:scamReport.sending' : 'scam:scamReport.send')}
        </button>
      </div>
      <p className={styles.hint}>{t('scam:scamReport.privacy', { days: SCAM_REPORT_LIMITS.keptDays })}</p>
    </form>
  )
}
