import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { useSite } from '../../../app-state.ts'
import { WAITING_FORM_ANSWERS } from '../../../../shared/rules/waiting-list.ts'
import { CheckoutPage, keepNumber, checkoutStyles as ui } from '../checkout-page.tsx'
import { RefundPolicyNote } from '../refund-policy.tsx'
import { CouponField } from './coupon-field.tsx'
import type { ReadySelection, SelectionData } from './loader.ts'
import { SelectionTotal } from './selection-total.tsx'
import styles from './selection.module.css'
import { OfferNotice } from './offer-notice.tsx'
import { TicketList } from './ticket-list.tsx'
import { WaitingForms } from './waiting-list-box.tsx'
import { useSelection } from './use-selection.ts'

export { loader } from './loader.ts'

/**
 * Ticket selection (docs/product.md#checkout-screens): each type with its price and a coarse availability, quantity steppers
 * (five tickets per order at most), an automatic total and a coupon code. The order is made only
 * when the buyer continues, by then logged in; it holds the seats and the coupon.
 */
export function Component() {
  const loaded = useLoaderData() as SelectionData
  const { t } = useTranslation('tickets')
  if (loaded.kind === 'noExhibition') {
    return (
      <CheckoutPage title={t('registration.title')} metaTitle={t('meta.registration')} step="tickets">
        <Closed id="registration-empty" text={t('registration.noExhibition')} actions />
      </CheckoutPage>
    )
  }
  return <Selection {...loaded} />
}

function Selection({ catalogue, dates, salesOpen, policy, mode, waiting, offer, waitingAnswer }: ReadySelection) {
  const { t } = useTranslation('tickets')
  const held = offer && 'token' in offer ? offer : null
  const selection = useSelection({ catalogue, mode, offer: held })
  const limitId = useId()
  const { exhibition, types } = catalogue
  const notOnSale = salesOpen ? t('registration.notOnSale', { date: salesOpen }) : t('registration.notOnSaleUnknown')

  const lead = (
    <p>
      <span className={styles.exhibitionTitle}>{exhibition.title}</span>
      <span className={styles.exhibitionMeta}>
        {' · '}
        {exhibition.city} · {dates}
      </span>
    </p>
  )
  // Nothing can be bought: no total, no coupon, no login; the way to other exhibitions instead.
  const aside = selection.buyable ? (
    <SelectionTotal selection={selection} mode={mode} limitId={limitId} />
  ) : (
    <Closed id="registration-closed" text={catalogue.state === 'ended' ? t('messages.eventOver') : notOnSale} />
  )

  return (
    <CheckoutPage title={t('registration.title')} metaTitle={`${t('meta.registration')} · ${exhibition.title}`} step="tickets" lead={lead} aside={aside}>
      {mode.kind === 'change' ? <p className={ui.notice}>{keepNumber(t('registration.changing', { number: mode.order.number }), mode.order.number)}</p> : null}
      {mode.kind === 'reRegister' ? (
        <p className={ui.notice}>{keepNumber(t('registration.reRegistering', { number: mode.order.number }), mode.order.number)}</p>
      ) : null}
      {catalogue.state === 'ended' ? (
        <p className={`${ui.notice} ${ui.noticeError}`} role="status">
          {t('messages.eventOver')}
        </p>
      ) : !catalogue.onSale ? (
        <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
          {notOnSale}
        </p>
      ) : null}
      {waitingAnswer ? (
        <p className={`${ui.notice} ${waitingAnswer === 'joined' || waitingAnswer === 'left' ? '' : ui.noticeWarn}`} role="status" id="waiting-answer">
          {t(WAITING_FORM_ANSWERS[waitingAnswer])}
        </p>
      ) : null}
      {held ? <OfferNotice offer={held} exhibitionId={exhibition.id} /> : null}
      {offer && 'problem' in offer ? (
        <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
          {t(offer.problem)}
        </p>
      ) : null}
      <form id="ticket-selection" className={styles.form} onSubmit={selection.submit} noValidate>
        {types.length === 0 ? <p className={ui.muted}>{t('registration.noTypes')}</p> : null}
        <TicketList
          types={types}
          quantities={selection.quantities}
          total={selection.total}
          buyable={selection.buyable}
          limitId={limitId}
          onChange={selection.setQuantity}
          waiting={waiting}
          offered={held}
        />
        {selection.buyable ? <CouponField coupon={selection.coupon} currency={selection.currency} /> : null}
      </form>
      {selection.buyable ? <WaitingForms types={types} /> : null}
      {catalogue.state === 'ended' ? null : <RefundPolicyNote exhibition={exhibition} times={policy} />}
    </CheckoutPage>
  )
}

/** No tickets to buy here (no exhibition named, sales closed or over): the way to other exhibitions. */
function Closed({ id, text, actions }: { id: string; text: string; actions?: boolean }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const browse = (
    <Link className={ui.primary} to={`/${site.lang}/brandExhibition.html`}>
      {t('registration.browse')}
    </Link>
  )
  return (
    <section className={ui.card} aria-labelledby={id}>
      <h2 id={id} className={ui.cardTitle}>
        {text}
      </h2>
      {actions ? <div className={ui.actions}>{browse}</div> : browse}
    </section>
  )
}
