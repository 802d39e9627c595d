import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { GatewayError } from '../../../api/gateway-error.ts'
import { acceptTransfer, declineTransfer, type TransferOffer, transferOffer } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { currentUser } from '../../../components/account-menu/user-store.ts'
import { useVisitorGeo } from '../../../lib/visitor-country.ts'
import { checkoutPath } from '../../../../shared/checkout-steps.ts'
import type { AttendeeDraft, Identity, Industry } from '../../../../shared/rules/tickets.ts'
import { loaderContextOf } from '../../route-kit.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { AttendeeFieldset } from '../attendees/attendee-fieldset.tsx'
import styles from '../attendees/attendees.module.css'
import type { Field } from '../attendees/validate.ts'
import { useReloadWhenUserChanges } from '../../../components/account-menu/user-store.ts'
import { CheckoutPage, LoginGate, checkoutStyles as ui } from '../checkout-page.tsx'
import { venueMoment } from '../order-loader.ts'
import type { AnswerDraft } from '../question-fields.tsx'
import { fieldText } from '../refusal.ts'
import { useOrderAction } from '../use-order-action.ts'

type TransferLoad = { kind: 'login' } | { kind: 'missing' } | { kind: 'offer'; token: string; offer: TransferOffer; until: string }

/** The link's transfer for the signed-in person; a link that is not theirs reads as one that does not exist. */
export async function loader(args: LoaderFunctionArgs): Promise<TransferLoad> {
  const { gateway, site } = loaderContextOf(args)
  if (!currentUser(site)) return { kind: 'login' }
  const token = args.params.token ?? ''
  try {
    const offer = await gateway.call(transferOffer, { token }, { signal: args.request.signal })
    return { kind: 'offer', token, offer, until: venueMoment(site.htmlLang, offer.expiresAt, offer.timeZone) }
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) return { kind: 'missing' }
    if (error instanceof GatewayError && error.errorCode === 401) return { kind: 'login' }
    throw error
  }
}

/**
 * A ticket transfer's personal link (docs/product.md#ticket-transfer): the recipient, signed in with the
 * address it was sent to, sees who sends which ticket and fills in the attendee form (the organiser's
 * questions included) to accept it, or declines.
 */
export function Component() {
  const { t } = useTranslation('tickets')
  const loaded = useLoaderData() as TransferLoad
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('transfer.page.title')}>
        <LoginGate text={t('transfer.page.signIn')} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing')
    return (
      <CheckoutPage title={t('transfer.page.title')}>
        <p className={`${ui.notice} ${ui.noticeError}`}>{t('transfer.page.notFound')}</p>
      </CheckoutPage>
    )
  return <Offer key={loaded.token} token={loaded.token} offer={loaded.offer} until={loaded.until} />
}

/** The platform's field paths (`attendee.phone`, `attendee.answers.7`) as the form's keys (`0.phone`, `0.answers.7`). */
function formErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [path, key] of Object.entries(fields)) {
    const match = /^attendee\.(answers\.\d+|\w+)/.exec(path)
    if (match) errors[`0.${match[1]}`] = key
  }
  return errors
}

function Offer({ token, offer, until }: { token: string; offer: TransferOffer; until: string }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const country = useVisitorGeo() ?? 'US'
  const [draft, setDraft] = useState<AttendeeDraft>({
    firstName: '',
    lastName: '',
    email: offer.recipientEmail,
    phone: { country, number: '' },
    identity: '',
    industry: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [done, setDone] = useState<'accepted' | 'declined' | null>(offer.state === 'accepted' ? 'accepted' : offer.state === 'declined' ? 'declined' : null)
  const action = useOrderAction({
    toast: false,
    onRefusal: (refusal) => {
      const found = formErrors(refusal.fields)
      if (!Object.keys(found).length) return false
      setErrors(found)
      return true
    },
  })
  const errorOf = (_index: number, field: Field) => (errors[`0.${field}`] ? fieldText(t, errors[`0.${field}`] as string) : undefined)
  const answerErrorOf = (_index: number, questionId: number) =>
    errors[`0.answers.${questionId}`] ? fieldText(t, errors[`0.answers.${questionId}`] as string) : undefined
  const myOrders = (
    <p>
      <Link to={checkoutPath(site.lang, 'orders')}>{t('transfer.page.myOrders')}</Link>
    </p>
  )

  if (done)
    return (
      <CheckoutPage title={t('transfer.page.title')}>
        <p className={`${ui.notice}`} role="status">
          {t(done === 'accepted' ? 'transfer.page.accepted' : 'transfer.page.declinedDone')}
        </p>
        {myOrders}
      </CheckoutPage>
    )
  if (offer.state !== 'pending')
    return (
      <CheckoutPage title={t('transfer.page.title')}>
        <p className={`${ui.notice} ${ui.noticeError}`}>{t(`transfer.${offer.state}`)}</p>
        {myOrders}
      </CheckoutPage>
    )

  const accept = async (event: FormEvent) => {
    event.preventDefault()
    await action.run(async () => {
      await gateway.call(acceptTransfer, {
        token,
        attendee: {
          firstName: draft.firstName,
          lastName: draft.lastName,
          company: draft.company ?? '',
          jobTitle: draft.jobTitle ?? '',
          phone: draft.phone,
          identity: draft.identity as Identity,
          industry: draft.industry as Industry,
          shares: draft.shares ?? [],
          answers: draft.answers ?? {},
        },
      })
      setDone('accepted')
    })
  }
  const decline = () =>
    action.run(async () => {
      await gateway.call(declineTransfer, { token })
      setDone('declined')
    })

  return (
    <CheckoutPage
      title={t('transfer.page.title')}
      lead={
        <>
          <p>{t('transfer.page.intro', { sender: offer.sender, exhibition: offer.exhibitionTitle, ticket: offer.ticketName })}</p>
          {offer.message ? <blockquote className={ui.muted}>{offer.message}</blockquote> : null}
          <p>{t('transfer.page.until', { time: until })}</p>
        </>
      }
    >
      <form className={styles.form} onSubmit={accept} noValidate aria-label={t('transfer.page.title')}>
        <p className={styles.required}>{t('transfer.page.lead')}</p>
        <AttendeeFieldset
          index={0}
          ticketName={offer.ticketName}
          draft={draft}
          errorOf={errorOf}
          onChange={(_index, patch) => {
            action.setError(null)
            setDraft((current) => ({ ...current, ...patch }))
          }}
          questions={offer.questions}
          countries={offer.countries}
          answerErrorOf={answerErrorOf}
          onAnswer={(_index, questionId, value: AnswerDraft) => setDraft((current) => ({ ...current, answers: { ...current.answers, [questionId]: value } }))}
          fixedEmail
        />
        <ActionError text={action.error} />
        <div className={ui.actions}>
          <ActionButton pending={action.pending} className={ui.primary}>
            {t('transfer.page.accept')}
          </ActionButton>
          <button type="button" className={ui.secondary} onClick={() => void decline()}>
            {t('transfer.page.decline')}
          </button>
        </div>
      </form>
    </CheckoutPage>
  )
}
