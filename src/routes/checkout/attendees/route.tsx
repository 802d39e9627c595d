import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrderDetail } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { changePath } from '../../../../shared/checkout-steps.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { CheckoutPage, checkoutStyles as ui } from '../checkout-page.tsx'
import { orderScreen } from '../order-screen.tsx'
import { OrderTotals } from '../order-totals.tsx'
import { PayDeadline } from '../pay-deadline.tsx'
import { questionsForType } from '../../../../shared/rules/ticket-questions.ts'
import { AttendeeFieldset } from './attendee-fieldset.tsx'
import { rememberFiles } from '../answer-file.tsx'
import styles from './attendees.module.css'
import { fieldId, useAttendeeForms } from './use-attendee-forms.ts'

/**
 * Attendee information (docs/product.md#checkout-screens): one form per ticket, starting from the order's saved
 * attendees or from the docs/product.md#site-state attendList placeholders. What is typed is kept in this tab's session
 * storage until saved, so a reload loses nothing.
 */
export const { loader, Component } = orderScreen('attendees', AttendeeForms)

function AttendeeForms({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const form = useAttendeeForms(order)
  const positions = order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line))
  rememberFiles(order.attendees.flatMap((attendee) => attendee.answerTexts.map((answer) => answer.file)))

  const aside = (
    <OrderTotals order={order}>
      <Link className={ui.linkButton} to={changePath(site.lang, order)}>
        {t('attendees.back')}
      </Link>
    </OrderTotals>
  )

  return (
    <CheckoutPage title={t('attendees.title')} metaTitle={t('meta.infoPage')} step="attendees" lead={<p>{t('attendees.intro')}</p>} aside={aside}>
      <PayDeadline order={order} compact />
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <p className={styles.required}>{t('attendees.required')}</p>
        {form.problemCount > 0 ? (
          <p ref={form.problemsRef} tabIndex={-1} className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {t('attendees.problems', { count: form.problemCount })}
          </p>
        ) : null}
        {form.drafts.map((draft, index) => (
          <AttendeeFieldset
            key={fieldId(index, 'firstName')}
            index={index}
            ticketName={positions[index]?.name ?? ''}
            draft={draft}
            errorOf={form.errorOf}
            onChange={form.update}
            questions={questionsForType(order.questions, positions[index]?.ticketTypeId ?? 0)}
            countries={order.countries}
            answerErrorOf={form.answerErrorOf}
            onAnswer={form.updateAnswer}
          />
        ))}
        <ActionError text={form.formError} />
        <div className={ui.actions}>
          <ActionButton pending={form.pending} className={ui.primary}>
            {form.pending ? t('attendees.saving') : t('attendees.next')}
          </ActionButton>
        </div>
      </form>
    </CheckoutPage>
  )
}
