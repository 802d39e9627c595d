import { useTranslation } from 'react-i18next'
import type { DocumentVerdict, OfficialChannel } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { ShieldIcon } from '../../components/icons/icons.tsx'
import { dateFormat, numberFormat } from '../../i18n/intl.ts'
import { useDate, useFocusOnShow, Warnings } from './results.tsx'
import { AlertIcon } from './verify-icons.tsx'
import styles from './verify.module.css'

/**
 * The answer about an uploaded PDF. It is shown only after an upload in the browser, so file-check.tsx
 * loads it then, not with the page's first visit (whose script is at its budget, bundle-budget.json).
 */

/** When the signer says it signed, to the minute, in UTC and saying so (the file names no venue whose zone it could take). */
function signingTime(htmlLang: string, iso: string): string {
  return dateFormat(htmlLang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

export function DocumentResult({ verdict, fileName, channels }: { verdict: DocumentVerdict; fileName: string; channels: OfficialChannel[] | undefined }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const date = useDate()
  const heading = useFocusOnShow()
  const brand = site.config.brandName
  const signature = verdict.signature
  // A signed file is answered by its signature, not by the register (docs/product.md#document-signatures).
  const register = signature ? null : verdict
  const official = signature ? signature.state === 'intact' : verdict.verdict === 'official'
  const document = register?.document ?? null
  const size = numberFormat(site.htmlLang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(verdict.bytes / 1024)
  const signedAt = signature && signature.state !== 'foreign' && signature.signedAt ? signingTime(site.htmlLang, signature.signedAt) : null

  const demo = register?.verdict === 'demo'

  return (
    <section
      className={`${styles.result} ${styles[register ? register.verdict : official ? 'official' : 'unofficial']}`}
      aria-labelledby="verify-file-result-title"
      data-testid="document-result"
    >
      <div className={styles.resultHead}>
        {official ? <ShieldIcon size={32} /> : <AlertIcon size={32} />}
        <h2 id="verify-file-result-title" ref={heading} tabIndex={-1} className={styles.resultTitle}>
          {signature ? t(`document.signature.${signature.state}.title`, { brand }) : t(`document.${verdict.verdict}.title`)}
        </h2>
      </div>
      <p className={styles.checked}>
        <span className={styles.checkedLabel}>{t('document.file')}</span>
        <span className={styles.checkedValue}>{fileName}</span>
      </p>
      {signature ? <p className={styles.lead}>{t(`document.signature.${signature.state}.text`, { brand, date: signedAt ?? '' })}</p> : null}
      {signature?.state === 'changed' || signature?.state === 'foreign' ? (
        <p className={styles.note}>{t(`document.signature.${signature.state}.why`)}</p>
      ) : null}
      {register && official ? <p className={styles.lead}>{t('document.official.text', { brand })}</p> : null}
      {demo ? <p className={styles.lead}>{t('document.demo.text')}</p> : null}
      {!official && document?.revokedOn ? (
        <p className={styles.callout}>{t('document.revoked', { issued: date(document.issuedOn), revoked: date(document.revokedOn) })}</p>
      ) : null}
      {register && !official && !demo && !document ? (
        <>
          <p className={styles.lead}>{t('document.unofficial.text', { brand })}</p>
          <p className={styles.note}>{t('document.unofficial.why')}</p>
        </>
      ) : null}
      <dl className={styles.details}>
        {document ? (
          <>
            <div>
              <dt>{t('document.name')}</dt>
              <dd>{document.title}</dd>
            </div>
            {document.reference ? (
              <div>
                <dt>{t('document.reference')}</dt>
                <dd>{document.reference}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('document.issuedTo')}</dt>
              <dd>{document.issuedTo}</dd>
            </div>
            <div>
              <dt>{t('document.issuedOn')}</dt>
              <dd>{date(document.issuedOn)}</dd>
            </div>
            <div>
              <dt>{t('document.shownTo')}</dt>
              <dd>{t(`shownTo.${document.shownTo}`)}</dd>
            </div>
          </>
        ) : null}
        {signedAt ? (
          <div>
            <dt>{t('document.signature.signedAt')}</dt>
            <dd>{signedAt}</dd>
          </div>
        ) : null}
        <div className={styles.wide}>
          <dt>{t('document.fingerprint')}</dt>
          <dd>
            <code className={styles.hash} translate="no">
              {verdict.sha256}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('document.size')}</dt>
          <dd>{size}</dd>
        </div>
      </dl>
      {official || demo ? null : (
        <Warnings
          channels={channels}
          subject={t('report.fileSubject', { name: fileName, brand })}
          body={t('report.fileBody', { name: fileName, sha256: verdict.sha256, page: `${site.config.publicOrigin}/${site.lang}/verify.html` })}
        />
      )}
    </section>
  )
}
