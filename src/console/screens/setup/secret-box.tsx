import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './setup.module.css'

/** RFC 6238 secrets are base32; in groups of four they can be read out and typed without losing one's place. */
export const groupInFours = (secret: string) => (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ')

/** Step 1: the QR code for an authenticator app, and the same secret as text for typing or copying. */
export function SecretBox({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.replace(/\s+/g, ''))
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <section className={styles.step} aria-labelledby="setup-step-1">
      <h2 id="setup-step-1" className={styles.stepTitle}>
        {t('setup.step1')}
      </h2>
      <div className={styles.secretRow}>
        {/* The platform's own SVG, shown as an image: no markup of it enters the page. */}
        <img className={styles.qr} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={t('setup.qrAlt')} width={176} height={176} />
        <div className={styles.secretText}>
          <p className={styles.hint}>{t('setup.secretHint')}</p>
          <code className={styles.secret} data-testid="totp-secret">
            {groupInFours(secret)}
          </code>
          <div>
            <button type="button" className={styles.copy} onClick={() => void copy()}>
              {t('setup.copy')}
            </button>
            <span className={styles.copied} role="status">
              {copied === 'yes' ? t('setup.copied') : copied === 'failed' ? t('setup.copyFailed') : ''}
            </span>
          </div>
        </div>
      </div>
    </section>
  )
}
