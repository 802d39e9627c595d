import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './e-ticket.module.css'

export interface ETicketProps {
  holder: string
  ticketName: string
  /** SVG data URL of the QR code (made by the platform). */
  qr: string
  code: string
  exhibitionTitle: string
  dates: string
  venue: string
  orderNumber: string
  position: number
  /** What can be done with this ticket (download, add to calendar): links under it. */
  actions?: ReactNode
}

/**
 * One attendee's e-ticket (docs/product.md#tickets): the QR code carrying the signed ticket id, who it is for and
 * where to go. The code text is there too, for a scanner that cannot read the screen.
 */
export function ETicket({ holder, ticketName, qr, code, exhibitionTitle, dates, venue, orderNumber, position, actions }: ETicketProps) {
  const { t } = useTranslation('tickets')
  const titleId = `e-ticket-${position}`
  return (
    <article className={styles.ticket} aria-labelledby={titleId} data-testid="e-ticket">
      <div className={styles.stub}>
        <img className={styles.qr} src={qr} width="200" height="200" alt={t('success.qrAlt', { name: holder })} />
      </div>
      <div className={styles.body}>
        <p className={styles.type}>{ticketName}</p>
        <h3 id={titleId} className={styles.holder}>
          {holder}
        </h3>
        <p className={styles.event}>{exhibitionTitle}</p>
        <p className={styles.meta}>{dates}</p>
        {venue ? <p className={styles.meta}>{venue}</p> : null}
        <p className={styles.meta}>
          {t('order.number')}: <span className={styles.number}>{orderNumber}</span>
        </p>
        <p className={styles.show}>{t('success.show')}</p>
        <p className={styles.code} translate="no">
          {code}
        </p>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  )
}

/** docs/product.md#checkout-screens success page: scan to download the app (or, without an app address, to open the tickets on a phone). */
export function ScanToPhone({ kind, url, qr }: { kind: 'app' | 'tickets'; url: string; qr: string }) {
  const { t } = useTranslation('tickets')
  return (
    <section className={styles.app} aria-labelledby="scan-to-phone">
      <img className={styles.appQr} src={qr} width="120" height="120" alt={t('success.appQrAlt')} />
      <div>
        <h2 id="scan-to-phone" className={styles.appTitle}>
          {kind === 'app' ? t('success.appTitle') : t('success.phoneTitle')}
        </h2>
        <p className={styles.appText}>{kind === 'app' ? t('success.appText') : t('success.phoneText')}</p>
        {kind === 'app' ? (
          <a className={styles.appLink} href={url} rel="noopener">
            {t('success.appTitle')}
          </a>
        ) : null}
      </div>
    </section>
  )
}
