import { type RefObject, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import styles from './apply.module.css'
import type { Submitted } from './use-application-form.ts'

/** The exhibition choices as the select shows them: "Title · City · 12–14 May 2026". */
export interface ExhibitionChoice {
  id: number
  label: string
}

/** True once React runs in the browser: before that the form cannot be sent (no data in URLs). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

interface SubmitAreaProps {
  pending: boolean
  outcome: string | null
  detail: string | null
  buttonRef: RefObject<HTMLButtonElement | null>
  statusId: string
}

/** The submit button, the privacy note and the last failure, which stays readable after the toast. */
export function SubmitArea({ pending, outcome, detail, buttonRef, statusId }: SubmitAreaProps) {
  const { t } = useTranslation('apply')
  const site = useSite()
  const hydrated = useHydrated()
  return (
    <>
      {outcome ? (
        <p id={statusId} className={styles.formStatus}>
          {t(`result.${outcome}`)}
          {detail ? ` ${t(detail)}` : null}
        </p>
      ) : null}
      <p className={styles.privacy}>
        {t('form.privacy')} <Link to={`/${site.lang}/legal/privacy.html`}>{t('form.privacyLink')}</Link>
      </p>
      <button
        ref={buttonRef}
        type="submit"
        className={styles.submit}
        disabled={!hydrated}
        aria-disabled={pending ? true : undefined}
        aria-describedby={outcome ? statusId : undefined}
      >
        {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {pending ? t('form.submitting') : t('form.submit')}
      </button>
      {/* The form is sent by script only (no data in URLs): without scripts, say so and how else to apply. */}
      <noscript>
        <p className={styles.formStatus}>{t('form.needsScript', { email: site.config.contactEmail })}</p>
      </noscript>
    </>
  )
}

/** What the applicant sees once it is stored: the reference to quote, and where the mail went. */
export function SuccessPanel({ submitted, onAnother, headingId }: { submitted: Submitted; onAnother(): void; headingId: string }) {
  const { t } = useTranslation('apply')
  const site = useSite()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <div className={styles.success} data-testid="application-success">
      <svg className={styles.successIcon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.successTitle}>
        {t('success.title')}
      </h2>
      <p className={styles.referenceLabel}>{t('success.reference')}</p>
      <p className={styles.reference} data-testid="application-reference">
        {submitted.reference}
      </p>
      <p>{t('success.mailSent', { email: submitted.email })}</p>
      <p className={styles.muted}>{t('success.next')}</p>
      <div className={styles.successActions}>
        <button type="button" className={styles.secondaryButton} onClick={onAnother}>
          {t('success.another')}
        </button>
        {site.user ? (
          <Link className={styles.linkButton} to={`/${site.lang}/info.html`}>
            {t('success.account')}
          </Link>
        ) : (
          <Link className={styles.linkButton} to={`/${site.lang}/brandExhibition.html`}>
            {t('success.exhibitions')}
          </Link>
        )}
      </div>
    </div>
  )
}
