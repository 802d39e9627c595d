import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { checkoutPath } from '../../../../shared/checkout-steps.ts'
import { declineWaitingOffer } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { useToast } from '../../../components/toast/toast.tsx'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import { refusalOf } from '../refusal.ts'
import type { HeldOffer } from './loader.ts'
import styles from './selection.module.css'

/**
 * The seats a waiting-list offer holds for the visitor, until when, and "I no longer need them",
 * which passes them on at once (docs/product.md#waiting-list). Opened from the mail's decline link,
 * the decline button takes the focus.
 */
export function OfferNotice({ offer, exhibitionId }: { offer: HeldOffer; exhibitionId: number }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const toast = useToast()
  const [pending, setPending] = useState(false)
  const decline = async () => {
    if (pending) return
    setPending(true)
    try {
      await gateway.call(declineWaitingOffer, { token: offer.token })
      toast.show(t('waitingList.declined'), { tone: 'success' })
      navigate(checkoutPath(site.lang, 'selection', { exhibitionId }), { replace: true })
    } catch (error) {
      toast.show(refusalOf(t, error).text, { tone: 'error', duration: 4000 })
    } finally {
      setPending(false)
    }
  }
  return (
    <section className={`${ui.notice} ${styles.offer}`} aria-label={t('waitingList.offerLead')}>
      <p>
        <strong>{t('waitingList.offerLead')}</strong>
      </p>
      <p>{t('waitingList.offered', { count: offer.quantity, until: offer.until })}</p>
      {/* biome-ignore lint/a11y/noAutofocus: the mail's "I no longer need them" link opens the page for this one button */}
      <button type="button" className={ui.secondary} onClick={decline} aria-disabled={pending || undefined} autoFocus={offer.declining}>
        {t('waitingList.decline')}
      </button>
    </section>
  )
}
