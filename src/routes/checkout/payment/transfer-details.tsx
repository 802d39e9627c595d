import { useTranslation } from 'react-i18next'
import { readableIban, readableReference } from '../../../../shared/rules/bank-transfer.ts'
import { amountText } from '../../../../shared/rules/money.ts'
import type { OrderDetail } from '../../../api/tickets.ts'
import { Card } from '../card.tsx'
import styles from './payment.module.css'

/**
 * Where to send the money of an order paid by bank transfer (docs/product.md#bank-transfer): the
 * account, the amount as it is typed into a bank's form ("299.00 EUR"), the reference in fours and
 * the deadline, each on a line of its own so it can be copied.
 */
export function TransferDetails({ transfer, deadline }: { transfer: NonNullable<OrderDetail['bankTransfer']>; deadline: string }) {
  const { t } = useTranslation('tickets')
  const rows: Array<[string, string, boolean]> = [
    [t('bankTransfer.holder'), transfer.holder, false],
    ...(transfer.iban
      ? ([
          [t('bankTransfer.iban'), readableIban(transfer.iban), true],
          [t('bankTransfer.bic'), transfer.bic ?? '', true],
        ] as Array<[string, string, boolean]>)
      : ([
          [t('bankTransfer.accountNumber'), transfer.accountNumber ?? '', true],
          [t('bankTransfer.bankName'), transfer.bankName ?? '', false],
        ] as Array<[string, string, boolean]>)),
    [t('bankTransfer.amount'), `${amountText(transfer.amountMinor, transfer.currency)} ${transfer.currency}`, true],
    [t('bankTransfer.reference'), readableReference(transfer.reference), true],
    [t('bankTransfer.due'), deadline, false],
  ]
  return (
    <Card id="bank-transfer" title={t('bankTransfer.title')}>
      <p>{t('bankTransfer.lead')}</p>
      <dl className={styles.transfer}>
        {rows.map(([label, value, code]) => (
          <div key={label} className={styles.transferRow}>
            <dt>{label}</dt>
            <dd className={code ? styles.code : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.methodHint}>{t('bankTransfer.referenceOnly')}</p>
    </Card>
  )
}
