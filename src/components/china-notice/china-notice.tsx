import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CHINA_PASS, COOKIES } from '../../../shared/contracts/cookies.ts'
import { useSite } from '../../app-state.ts'
import { chinaPassCookie, createPassCounter } from '../../lib/china-pass.ts'
import { useVisitorGeo } from '../../lib/visitor-country.ts'
import styles from './china-notice.module.css'
import { useFocusTrap } from './use-focus-trap.ts'

/**
 * docs/product.md#china-notice: a fully blocking notice for visitors located in mainland China. It wraps
 * the page: while the notice shows, everything behind it is inert (in the server HTML too, so it holds
 * before any script runs) and keyboard focus stays in the notice. Five clicks on the faint
 * mark within 30 s let staff through (pass cookie, 720 minutes) and reload.
 */
export function ChinaNoticeGate({ children }: { children: ReactNode }) {
  const site = useSite()
  const [visible, setVisible] = useState(site.riskShow)

  // A shared copy of the page (a CDN's) may have been made for a visitor elsewhere: the browser
  // checks the visitor's own country too, so the notice holds whatever cache served the page.
  const country = useVisitorGeo()
  useEffect(() => {
    if (country === 'CN' && !document.cookie.split('; ').some((cookie) => cookie.startsWith(`${COOKIES.chinaPass}=`))) {
      document.body.classList.add('is-locked')
      setVisible(true)
    }
  }, [country])

  return (
    <>
      <div className={styles.behind} inert={visible}>
        {children}
      </div>
      {visible ? (
        <ChinaNotice
          onPass={() => {
            setVisible(false)
            document.body.classList.remove('is-locked')
          }}
        />
      ) : null}
    </>
  )
}

function ChinaNotice({ onPass }: { onPass: () => void }) {
  const { t } = useTranslation()
  const counter = useRef(createPassCounter())
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const dialog = useRef<HTMLDivElement>(null)
  useFocusTrap(dialog, true)
  useEffect(() => () => clearTimeout(resetTimer.current), [])

  const onMarkClick = () => {
    const isFirst = counter.current.count === 0
    if (counter.current.click(Date.now())) {
      clearTimeout(resetTimer.current)
      document.cookie = chinaPassCookie(window.location.protocol === 'https:')
      onPass()
      window.location.reload()
      return
    }
    // The count starts over 30 s after its first click.
    if (isFirst) {
      clearTimeout(resetTimer.current)
      resetTimer.current = setTimeout(() => counter.current.reset(), CHINA_PASS.windowMs)
    }
  }

  return (
    <div
      className={styles.overlay}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="china-notice-title"
      aria-describedby="china-notice-text"
      tabIndex={-1}
      ref={dialog}
      data-testid="china-notice"
    >
      <div className={styles.card}>
        <h2 id="china-notice-title" className={styles.title}>
          {t('notice.china.title')}
        </h2>
        <p id="china-notice-text" className={styles.text}>
          {t('notice.china.text')}
        </p>
        <p className={styles.text}>{t('notice.china.thanks')}</p>
      </div>
      {/* The hidden mark of docs/product.md#china-notice: decorative to everyone but staff who know to click it. */}
      <img src="/images/notice-mark.svg" alt="" width="28" height="28" className={styles.mark} onClick={onMarkClick} data-testid="china-notice-mark" />
    </div>
  )
}
