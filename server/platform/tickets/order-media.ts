import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import { calendarFile } from './calendar.ts'
import { locationLine } from './format.ts'
import { calendarUid, orderScreenUrl } from './order-links.ts'
import type * as orders from './orders.repo.ts'
import type { TicketsContext } from './tickets-context.ts'
import type * as repo from './tickets.repo.ts'

type Holder = { position: number; ticketName: string; name: string }

/**
 * What only a paid order shows: its e-tickets with their QR codes, the exhibition as a calendar file
 * and the scan-to-phone code of the success page. QR codes are drawn once per code (context.qr).
 */
export async function paidOrderMedia(
  context: TicketsContext,
  order: orders.OrderRow,
  exhibition: OrderDetail['exhibition'],
  tickets: repo.TicketRow[],
  holders: Map<string, Holder>,
): Promise<Pick<OrderDetail, 'tickets' | 'calendar' | 'appLink'>> {
  const { config } = context.platform
  // The buyer's language when ordering, as in the confirmation mail: the code scanned on the success
  // page opens the order in it, whatever language the page is read in now.
  const linked = { number: order.number, locale: order.locale }
  const appUrl = context.appDownloadUrl ?? orderScreenUrl(config.PUBLIC_ORIGIN, linked, 'success')
  return {
    tickets: await Promise.all(
      tickets.map(async (ticket) => {
        const holder = holders.get(ticket.attendee_id)
        return {
          id: ticket.id,
          position: holder?.position ?? 0,
          holder: holder?.name ?? '',
          ticketName: holder?.ticketName ?? '',
          code: ticket.code,
          qr: await context.qr(ticket.code),
        }
      }),
    ),
    calendar: calendarFile(
      {
        uid: calendarUid(config.PUBLIC_ORIGIN, order.number),
        title: exhibition.title,
        startsAt: new Date(exhibition.startsAt),
        endsAt: new Date(exhibition.endsAt),
        location: locationLine(exhibition),
        description: `${order.number}`,
        url: orderScreenUrl(config.PUBLIC_ORIGIN, linked, 'orders'),
        organizer: { name: config.BRAND_NAME, email: config.CONTACT_EMAIL },
      },
      config.BRAND_NAME,
    ),
    appLink: { kind: context.appDownloadUrl ? 'app' : 'tickets', url: appUrl, qr: await context.qr(appUrl) },
  }
}
