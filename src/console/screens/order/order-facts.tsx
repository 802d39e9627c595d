import { Facts } from '../../ui/facts.tsx'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleOrderDetail } from '../../../api/console-orders.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { StateBadge } from '../../ui/state-badge.tsx'
import { Panel } from '../../ui/panel.tsx'

/** The order's mail language by its own name ("Español", "简体中文"), the code when it is not one of ours. */
const languageName = (locale: string) =>
  (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale

/** The order at a glance: state, buyer, language, times, and the money (paid, refunded, still refundable). */
export function OrderFacts({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const money = (minor: number) => formatMoney(minor, order.currency, language)
  const rows: Array<[string, ReactNode]> = [
    [t('orders.status'), <StateBadge key="state" state={order.state} />],
    ...(order.cancelReason ? [[t('order.cancelledBy'), t(`order.cancelReasons.${order.cancelReason}`)] as [string, string]] : []),
    [t('order.buyer'), order.buyerEmail],
    [t('order.language'), languageName(order.locale)],
    [t('orders.created'), formatDateTime(order.createdAt, language)],
    ...(order.paidAt ? [[t('order.paidAt'), formatDateTime(order.paidAt, language)] as [string, string]] : []),
    ...(order.cancelledAt ? [[t('order.cancelledAt'), formatDateTime(order.cancelledAt, language)] as [string, string]] : []),
    [
      t('orders.total'),
      order.discountMinor ? `${money(order.totalMinor)} (${order.couponCode ?? ''} −${money(order.discountMinor)})` : money(order.totalMinor),
    ],
    [t('order.paid'), money(order.paidMinor)],
    [t('order.refundedTotal'), money(order.refundedMinor)],
    [t('order.refundable'), money(order.refundableMinor)],
  ]
  return (
    <Panel title={t('order.facts')}>
      <Facts rows={rows} />
    </Panel>
  )
}
