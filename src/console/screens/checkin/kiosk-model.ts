import { searchForm } from '../../../../shared/rules/names.ts'
import type { DoorTicket } from './door-model.ts'

/**
 * The kiosk's typed check-in (docs/product.md#kiosk): the order code as printed (any case, full-width
 * digits too) and the holder's family name, both exact, so a guessed or overheard code alone lets no
 * one in. Several tickets of one order may share the family name; the kiosk then asks whose it is.
 */
export function kioskTickets(tickets: readonly DoorTicket[], orderCode: string, lastName: string): DoorTicket[] {
  const code = orderCode.normalize('NFKC').trim().toUpperCase()
  const family = searchForm(lastName).replace(/\s+/g, '')
  if (!code || !family) return []
  return tickets.filter((ticket) => ticket.orderNumber.toUpperCase() === code && searchForm(ticket.lastName ?? '').replace(/\s+/g, '') === family)
}
