import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import { notFound } from '../errors.ts'
import { expireIfDue } from './expire-orders.ts'
import { heldTickets, heldWalletTicket } from './held-tickets.ts'
import { orderDetail, orderSummary } from './order-view.ts'
import * as orders from './orders.repo.ts'
import { ticketPdf, ticketPdfName } from './ticket-pdf.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import { applePass, applePassName, googleSaveUrl, type WalletTicket } from './wallet-passes.ts'

/** The caller's own order as it stands now (expired on the way if its countdown ran out); 404 for anyone else's. */
export async function ownOrder(context: TicketsContext, caller: Caller, number: string): Promise<orders.OrderRow> {
  const order = await orders.orderOfAccount(context.platform.db, number, caller.userId)
  if (!order) throw notFound()
  return expireIfDue(context, order)
}

/** The order again after a verb changed it. */
export async function reread(context: TicketsContext, orderId: string, caller: Caller): Promise<OrderDetail> {
  return orderDetail(context, (await orders.orderById(context.platform.db, orderId)) as orders.OrderRow, caller.locale)
}

export async function getOrder(context: TicketsContext, caller: Caller, number: string): Promise<OrderDetail> {
  return orderDetail(context, await ownOrder(context, caller, number), caller.locale)
}

/** "My orders", newest first, a page at a time; the first page also lists the tickets others bought in the caller's name. */
export async function myOrders(context: TicketsContext, caller: Caller, limit: number, before: string | undefined) {
  const rows = await orders.ordersOfAccount(context.platform.db, caller.userId, limit + 1, before ? new Date(before) : null)
  const items = []
  for (const row of rows.slice(0, limit)) {
    const { attempt: _attempt, ...summary } = await orderSummary(context, await expireIfDue(context, row), caller.locale)
    items.push(summary)
  }
  return { items, more: rows.length > limit, held: before ? [] : (await heldTickets(context, caller)).items }
}

/** One e-ticket of the caller's own paid order as a PDF (ticket-pdf.ts); 404 for anyone else's order or ticket. */
export async function ownTicketPdf(context: TicketsContext, caller: Caller, number: string, ticketId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  const detail = await getOrder(context, caller, number)
  const ticket = detail.tickets.find((candidate) => candidate.id === ticketId)
  if (!ticket) throw notFound()
  const { config } = context.platform
  const pdf = await ticketPdf({
    t: context.strings(caller.locale),
    locale: caller.locale,
    brand: config.BRAND_NAME,
    orderNumber: detail.number,
    exhibition: { ...detail.exhibition, startsAt: new Date(detail.exhibition.startsAt), endsAt: new Date(detail.exhibition.endsAt) },
    tickets: [ticket],
    sign: context.platform.documents.sign,
  })
  return { filename: ticketPdfName(detail.number, ticket.position), pdf }
}

/** One valid e-ticket of the caller's own paid order, as a wallet pass shows it (wallet-passes.ts); 404 for anyone else's, a voided or a refunded one. */
export async function ownWalletTicket(context: TicketsContext, caller: Caller, number: string, ticketId: string): Promise<WalletTicket> {
  // A ticket bought by someone else in the caller's name is theirs to carry too.
  if (!(await orders.orderOfAccount(context.platform.db, number, caller.userId))) return heldWalletTicket(context, caller, number, ticketId)
  const detail = await getOrder(context, caller, number)
  // Only a paid order lists tickets, and only those not voided (a refund or cancellation voids them).
  const ticket = detail.tickets.find((candidate) => candidate.id === ticketId)
  if (!ticket) throw notFound()
  return {
    t: context.strings(caller.locale),
    locale: caller.locale,
    brand: context.platform.config.BRAND_NAME,
    orderNumber: detail.number,
    exhibition: { ...detail.exhibition, startsAt: new Date(detail.exhibition.startsAt), endsAt: new Date(detail.exhibition.endsAt) },
    ticket,
  }
}

/** One e-ticket as an Apple Wallet pass; 404 when Apple Wallet is not configured. */
export async function ownApplePass(context: TicketsContext, caller: Caller, number: string, ticketId: string): Promise<{ filename: string; pass: Uint8Array }> {
  const apple = context.platform.config.wallets.apple
  if (!apple) throw notFound()
  const wallet = await ownWalletTicket(context, caller, number, ticketId)
  return { filename: applePassName(wallet.orderNumber, wallet.ticket.position), pass: await applePass(wallet, apple, new Date()) }
}

/** One e-ticket's "save to Google Wallet" address; 404 when Google Wallet is not configured. */
export async function ownGoogleWalletUrl(context: TicketsContext, caller: Caller, number: string, ticketId: string): Promise<string> {
  const { config } = context.platform
  if (!config.wallets.google) throw notFound()
  return googleSaveUrl(await ownWalletTicket(context, caller, number, ticketId), config.wallets.google, config.PUBLIC_ORIGIN, new Date())
}

/** An invoice or credit note of the caller's own order, in the order's language (docs/product.md#invoices); 404 for anyone else's. */
export async function ownDocumentPdf(
  context: TicketsContext,
  caller: Caller,
  number: string,
  documentNumber: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const order = await ownOrder(context, caller, number)
  const { fileName, pdf } = await context.platform.services.invoices.pdf(order, documentNumber)
  return { filename: fileName, pdf }
}
