import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './state-views.module.css'

/**
 * The three states every list has besides its items (no blank areas: a clear message and
 * a retry): loading, empty, and failed with a way to try again. Default words come from `common`;
 * a screen passes its own where it can say more.
 */

export function LoadingState({ label, items = 3, layout = 'cards' }: { label?: string; items?: number; layout?: 'cards' | 'rows' }) {
  const { t } = useTranslation()
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      <div className={layout === 'cards' ? styles.skeletonCards : styles.skeletonRows} aria-hidden="true">
        {Array.from({ length: items }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <div key={index} className={styles.skeleton}>
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonLine} />
            <div className={`${styles.skeletonLine} ${styles.short}`} />
          </div>
        ))}
      </div>
    </div>
  )
}

export function EmptyState({ title, text, action }: { title?: string; text?: string; action?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className={styles.box} role="status">
      <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M8 20h32M18 28h12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.title}>{title ?? t('common.empty')}</p>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  )
}

export function ErrorState({ message, onRetry, retrying = false }: { message?: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className={`${styles.box} ${styles.error}`} role="alert">
      <svg className={styles.icon} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 14v12M24 32v2" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.title}>{t('common.loadFailed')}</p>
      {message ? <p className={styles.text}>{message}</p> : null}
      <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? t('common.loading') : t('common.retry')}
      </button>
    </div>
  )
}
