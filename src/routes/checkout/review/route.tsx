import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { confirmOrder, type OrderDetail } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { changePath, checkoutPath, orderPath } from '../../../../shared/checkout-steps.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { Card } from '../card.tsx'
import { CheckoutPage, checkoutStyles as ui } from '../checkout-page.tsx'
import { ExhibitionFacts } from '../exhibition-facts.tsx'
import type { OrderTimes } from '../order-loader.ts'
import { orderScreen } from '../order-screen.tsx'
import { OrderTotals } from '../order-totals.tsx'
import { PayDeadline } from '../pay-deadline.tsx'
import { useOrderAction } from '../use-order-action.ts'
import styles from './review.module.css'
import { CompanyInvoiceCard } from './company-invoice.tsx'
import { displayName } from '../../../../shared/rules/names.ts'

/** Review (docs/product.md#checkout-screens `sureInfo`): the exhibition, the tickets and every attendee, then confirm. */
export const { loader, Component } = orderScreen('review', Review)

function Review({ order, times }: { order: OrderDetail; times: OrderTimes }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const action = useOrderAction()
  const free = order.totalMinor === 0

  const confirm = () =>
    action.run(async () => {
      const confirmed = await gateway.call(confirmOrder, { orderNumber: order.number })
      navigate(orderPath(site.lang, confirmed))
    })

  const aside = (
    <OrderTotals order={order}>
      <p className={styles.terms}>{t('review.terms')}</p>
      <ActionError text={action.error} />
      <ActionButton pending={action.pending} className={`${ui.primary} ${ui.wide}`} onClick={() => void confirm()}>
        {action.pending ? t('review.confirming') : free ? t('review.confirmFree') : t('review.confirm')}
      </ActionButton>
    </OrderTotals>
  )

  return (
    <CheckoutPage title={t('review.title')} metaTitle={t('meta.sureInfo')} step="review" lead={<p>{t('review.intro')}</p>} aside={aside}>
      <PayDeadline order={order} compact />
      <Card id="review-exhibition" title={t('review.exhibition')}>
        <ExhibitionFacts order={order} times={times} />
        <div className={ui.actions}>
          <Link className={ui.linkButton} to={changePath(site.lang, order)}>
            {t('review.changeTickets')}
          </Link>
        </div>
      </Card>
      <Card id="review-attendees" title={t('review.attendees')}>
        <ol className={styles.attendees}>
          {order.attendees.map((attendee) => (
            <li key={attendee.position} className={styles.attendee}>
              <p className={styles.name}>
                {displayName({ first: attendee.firstName, last: attendee.lastName })}
                <span className={styles.ticket}>{attendee.ticketName}</span>
              </p>
              <dl className={ui.facts}>
                {attendee.company ? (
                  <>
                    <dt>{t('attendees.company')}</dt>
                    <dd>{attendee.company}</dd>
                  </>
                ) : null}
                {attendee.jobTitle ? (
                  <>
                    <dt>{t('attendees.jobTitle')}</dt>
                    <dd>{attendee.jobTitle}</dd>
                  </>
                ) : null}
                <dt>{t('attendees.email')}</dt>
                <dd>{attendee.email}</dd>
                <dt>{t('attendees.phone')}</dt>
                <dd>{attendee.phone.international}</dd>
                <dt>{t('attendees.identity')}</dt>
                <dd>{t(`identity.${attendee.identity}`)}</dd>
                <dt>{t('attendees.industry')}</dt>
                <dd>{t(`industry.${attendee.industry}`)}</dd>
                {attendee.answerTexts.map((answer) => (
                  <Fragment key={answer.questionId}>
                    <dt>{answer.question}</dt>
                    <dd>{answer.answer}</dd>
                  </Fragment>
                ))}
              </dl>
            </li>
          ))}
        </ol>
        <div className={ui.actions}>
          <Link className={ui.linkButton} to={checkoutPath(site.lang, 'attendees', { order: order.number })}>
            {t('review.editAttendees')}
          </Link>
        </div>
      </Card>
      {free ? null : <CompanyInvoiceCard order={order} />}
    </CheckoutPage>
  )
}
