import { useTranslation } from 'react-i18next'
import type { HeldTicket } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { displayName } from '../../../../shared/rules/names.ts'
import { AttendeeDetails } from '../attendee-details.tsx'
import { TicketTransfer } from '../ticket-transfer.tsx'
import { WalletLinks } from '../order-e-ticket.tsx'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import styles from './held-tickets.module.css'

/**
 * Tickets others bought in the signed-in person's name (docs/product.md#attendee-changes): each with its
 * QR code, and the name, company and position its holder may correct until the cut-off.
 */
/** A held ticket with its waiting transfer's deadline as the loader wrote it (the venue's clock). */
export type ShownHeld = HeldTicket & { transferUntil: string | null }

export function HeldTickets({ items }: { items: ShownHeld[] }) {
  const { t } = useTranslation('tickets')
  const { wallets } = useSite().config
  if (!items.length) return null
  return (
    <section aria-labelledby="held-tickets" className={styles.held}>
      <h2 id="held-tickets" className={ui.cardTitle}>
        {t('attendeeChange.held.title')}
      </h2>
      <p className={ui.muted}>{t('attendeeChange.held.lead')}</p>
      <ul className={ui.stack}>
        {items.map((ticket) => {
          const holder = displayName({ first: ticket.firstName, last: ticket.lastName })
          const titleId = `held-${ticket.orderNumber}-${ticket.position}`
          return (
            <li key={`${ticket.orderNumber}-${ticket.position}`}>
              <article className={`${ui.card} ${styles.ticket}`} aria-labelledby={titleId} data-testid="held-ticket">
                <img className={styles.qr} src={ticket.qr} width="160" height="160" alt={t('success.qrAlt', { name: holder })} />
                <div>
                  <p className={ui.muted}>{ticket.ticketName}</p>
                  <h3 id={titleId} className={styles.holder}>
                    {holder}
                  </h3>
                  <p>{[ticket.jobTitle, ticket.company].filter(Boolean).join(' · ')}</p>
                  <p>{ticket.exhibitionTitle}</p>
                  <p className={styles.code} translate="no">
                    {ticket.code}
                  </p>
                  {wallets.apple || wallets.google ? (
                    <p className={ui.actions}>
                      <WalletLinks orderNumber={ticket.orderNumber} ticketId={ticket.ticketId} holder={holder} />
                    </p>
                  ) : null}
                  <AttendeeDetails orderNumber={ticket.orderNumber} position={ticket.position} attendee={ticket} open={ticket.changesOpen} />
                  <TicketTransfer
                    orderNumber={ticket.orderNumber}
                    position={ticket.position}
                    holder={holder}
                    open={ticket.transferOpen}
                    pending={ticket.transfer ? { recipientEmail: ticket.transfer.recipientEmail, until: ticket.transferUntil ?? '' } : null}
                  />
                </div>
              </article>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
