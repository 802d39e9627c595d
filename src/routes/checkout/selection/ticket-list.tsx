import { useTranslation } from 'react-i18next'
import { MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import type { TicketTypeCard, WaitingEntry } from '../../../api/tickets.ts'
import { useSite } from '../../../app-state.ts'
import { formatMoney } from '../../../components/money/format.ts'
import { QuantityStepper } from './quantity-stepper.tsx'
import styles from './selection.module.css'
import { WaitingListBox } from './waiting-list-box.tsx'

interface TicketListProps {
  types: TicketTypeCard[]
  quantities: Record<number, number>
  /** Tickets chosen in all: five per order at most (docs/product.md#tickets). */
  total: number
  buyable: boolean
  /** Id of the text that explains the limit. */
  limitId: string
  onChange(ticketTypeId: number, quantity: number): void
  /** The visitor's places in the waiting lists of these types. */
  waiting: WaitingEntry[]
  /** The seats of a waiting-list offer held for the visitor: that type is theirs to buy up to this many. */
  offered: { ticketTypeId: number; quantity: number } | null
}

/** Each ticket type with its price, a coarse availability and a quantity stepper. */
export function TicketList({ types, quantities, total, buyable, limitId, onChange, waiting, offered }: TicketListProps) {
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
          waiting={waiting.find((entry) => entry.ticketTypeId === type.id) ?? null}
          offered={type.id === offered?.ticketTypeId ? offered.quantity : null}
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
  waiting: WaitingEntry | null
  /** Seats held for the visitor by a waiting-list offer (null: none). */
  offered: number | null
}

function TicketRow({ type, quantity, room, buyable, limitId, onChange, waiting, offered }: TicketRowProps) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const most = Math.min(offered ?? type.maxPerOrder, quantity + room)
  const soldOut = type.availability === 'soldOut' && offered === null
  const closed = !buyable || soldOut || type.availability === 'notYet' || type.availability === 'ended'
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
        {buyable && soldOut ? (
          <WaitingListBox type={type} entry={waiting} />
        ) : (
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
        )}
      </div>
    </li>
  )
}
