import { useTranslation } from 'react-i18next'
import { MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import type { TicketTypeCard } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { formatMoney } from '../../../components/money/format.ts'
import { QuantityStepper } from './quantity-stepper.tsx'
import styles from './selection.module.css'

interface TicketListProps {
  types: TicketTypeCard[]
  quantities: Record<number, number>
  /** Tickets chosen in all: five per order at most (docs/product.md#tickets). */
  total: number
  buyable: boolean
  /** Id of the text that explains the limit. */
  limitId: string
  onChange(ticketTypeId: number, quantity: number): void
}

/** Each ticket type with its price, a coarse availability and a quantity stepper. */
export function TicketList({ types, quantities, total, buyable, limitId, onChange }: TicketListProps) {
  return (
    <ul className={styles.types}>
      {types.map((type) => (
        <TicketRow
          key={type.id}
          type={type}
          quantity={quantities[type.id] ?? 0}
          room={MAX_TICKETS_PER_ORDER - total}
          buyable={buyable}
          limitId={limitId}
          onChange={(value) => onChange(type.id, value)}
        />
      ))}
    </ul>
  )
}

interface TicketRowProps {
  type: TicketTypeCard
  quantity: number
  /** Tickets the order may still take. */
  room: number
  buyable: boolean
  limitId: string
  onChange(quantity: number): void
}

function TicketRow({ type, quantity, room, buyable, limitId, onChange }: TicketRowProps) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const most = Math.min(type.maxPerOrder, quantity + room)
  const closed = !buyable || type.availability === 'soldOut' || type.availability === 'notYet' || type.availability === 'ended'
  const nameId = `type-${type.id}-name`
  return (
    <li className={`${styles.type} ${quantity > 0 ? styles.chosen : ''}`}>
      <div className={styles.typeText}>
        <h2 id={nameId} className={styles.typeName}>
          {type.name}
        </h2>
        <p className={styles.description}>{type.description}</p>
        <p className={styles.typeMeta}>
          <span className={`${styles.availability} ${styles[type.availability]}`}>{t(`registration.availability.${type.availability}`)}</span>
          <span className={styles.perOrder}>{t('registration.maxPerOrder', { count: type.maxPerOrder })}</span>
        </p>
      </div>
      <div className={styles.buy}>
        <p className={styles.price}>{type.priceMinor === 0 ? t('registration.free') : formatMoney(type.priceMinor, type.currency, site.htmlLang)}</p>
        <QuantityStepper
          id={`quantity-${type.id}`}
          value={quantity}
          max={Math.max(quantity, closed ? quantity : most)}
          label={t('registration.quantity', { name: type.name })}
          decreaseLabel={t('registration.decrease', { name: type.name })}
          increaseLabel={t('registration.increase', { name: type.name })}
          disabled={closed && quantity === 0}
          describedBy={limitId}
          onChange={onChange}
        />
      </div>
    </li>
  )
}
