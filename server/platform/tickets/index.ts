import { registerCatalogFunctions } from './console/catalog.functions.ts'
import { z } from 'zod'
import type { Domain, Platform } from '../platform.ts'
import { registerConsoleCheckinFunctions } from './console/checkin/console-checkin.functions.ts'
import { registerConsoleDashboardFunctions } from './console/dashboard/console-dashboard.functions.ts'
import { registerConsoleOrderFunctions } from './console/console-orders.functions.ts'
import { seedTickets } from './demo/seed.ts'
import { createQrDrawings, loadTicketSigner, type TicketSigner } from './e-tickets.ts'
import { createExhibitionInfos } from './exhibition-info.ts'
import { expireDueOrders } from './expire-orders.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'
import { createCheckouts } from './payments/checkouts.ts'
import { createPaymentsService, type PaymentsService } from './payments/payments.service.ts'
import { createStripeProvider } from './payments/providers.ts'
import { sandboxRoutes } from './payments/sandbox.routes.ts'
import { loadStrings } from '../kit/strings.ts'
import { registerTicketFunctions } from './tickets.functions.ts'
import { type IssuePass, issuePass, namedPasses, namedPassesOf, passExhibition, passesOf, voidPass } from './passes.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import type { TicketsContext } from './tickets-context.ts'
import { ticketRoutes } from './tickets.routes.ts'
import { answerFileRoutes } from './answer-files.routes.ts'
import { sweepLooseAnswerFiles } from './answer-files.ts'
import { waitingListRoutes } from './waiting-list/waiting-list.routes.ts'
import { mountBadgeDownloads } from './console/badges/badge-downloads.ts'
import { registerWaitingListFunctions } from './waiting-list/waiting-list.functions.ts'
import { registerBankTransferFunctions } from './payments/bank-transfer.functions.ts'
import { remindDueTransfers } from './payments/bank-transfer.ts'
import { REFUND_JOB } from './payments/refund-payments.ts'
import { WAITING_MAIL_JOB } from './waiting-list/offers.ts'
import { lapseDueOffers, mailNewOffers } from './waiting-list/waiting-list.ts'

export interface TicketsService {
  orders: OrdersService
  payments: PaymentsService
  signer: TicketSigner
  /** Expires pending orders past their deadline (the sweeper; safe on any number of instances). */
  expireDue(): Promise<number>
  /** The waiting lists' jobs (docs/product.md#waiting-list): offers past their time pass on; new offers are mailed. */
  waitingList: { lapseDue(): Promise<number>; mailOffers(): Promise<number> }
  /** Reminds buyers whose bank transfer is due within a day, each once (the job's pass). */
  remindTransfers(): Promise<number>
  /** Team passes, issued and voided inside the exhibitors domain's transactions (passes.ts). */
  passes: {
    exhibition(exhibitionId: number, locale: Locale): Promise<ExhibitionInfo>
    issue(tx: Queryable, input: IssuePass): Promise<string>
    void: typeof voidPass
    of: typeof passesOf
    named: typeof namedPasses
    namedOf: typeof namedPassesOf
  }
}

declare module '../platform.ts' {
  interface Services {
    tickets: TicketsService
  }
}

/** How often the sweeper and the settling of payments being confirmed run. */
export const EXPIRY_SWEEP_MS = 15_000
export const PAYMENT_SETTLE_MS = 3_000
/** How often due refunds go to their provider (each waits its own back-off after a failure). */
export const REFUND_RUN_MS = 5_000
/** How often lapsed waiting-list offers pass on and new offers are mailed. */
export const WAITING_LIST_RUN_MS = 5_000
/** How often buyers whose bank transfer is due within a day are reminded (docs/product.md#bank-transfer). */
export const TRANSFER_REMINDER_RUN_MS = 60_000
/** How often file answers no answer names are looked for (docs/product.md#ticket-question-files). */
export const ANSWER_FILE_SWEEP_MS = 30 * 60_000

/**
 * The success page's scan-to-download code opens the app's download page when APP_DOWNLOAD_URL is
 * set (an https address); otherwise it opens the order's e-tickets on the phone that scans it.
 */
/** Each platform's context, made at setup, for the routes mounted afterwards (the waiting list's form). */
const contexts = new WeakMap<Platform, TicketsContext>()

const appDownloadUrl = z.url({ protocol: /^https$/ }).optional()

/**
 * Tickets, orders and payment (docs/product.md#orders): ticket types per exhibition, coupons, orders with one
 * attendee per ticket, the sandbox and Stripe payment providers, signed e-tickets and the
 * confirmation e-mail. Expiry runs as a background job and whenever an order is read.
 */
export const domain: Domain = {
  name: 'tickets',
  // After exhibitions (20) and accounts (10), which it asks about.
  order: 50,
  async setup(platform) {
    const parsedUrl = appDownloadUrl.safeParse(process.env.APP_DOWNLOAD_URL || undefined)
    if (!parsedUrl.success) throw new Error('APP_DOWNLOAD_URL: must be an https:// address')
    const { config } = platform
    const context: TicketsContext = {
      platform,
      signer: await loadTicketSigner(platform.db),
      strings: loadStrings('tickets'),
      checkouts: createCheckouts({
        card:
          config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
            ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET })
            : null,
        isProduction: config.isProduction,
        logger: platform.logger,
      }),
      exhibitions: createExhibitionInfos(platform),
      qr: createQrDrawings(),
      appDownloadUrl: parsedUrl.data ?? null,
    }
    contexts.set(platform, context)
    const orders = createOrdersService(context)
    const payments = createPaymentsService(context)
    registerTicketFunctions(platform, orders, payments)
    registerConsoleOrderFunctions(platform, context)
    registerConsoleDashboardFunctions(platform)
    registerConsoleCheckinFunctions(platform, context.signer)
    registerCatalogFunctions(platform)
    registerWaitingListFunctions(context)
    registerBankTransferFunctions(context)
    platform.services.tickets = {
      orders,
      payments,
      signer: context.signer,
      expireDue: () => expireDueOrders(context),
      waitingList: { lapseDue: () => lapseDueOffers(context), mailOffers: () => mailNewOffers(context) },
      remindTransfers: () => remindDueTransfers(context),
      passes: {
        exhibition: (exhibitionId, locale) => passExhibition(context, exhibitionId, locale),
        issue: (tx, input) => issuePass(context, tx, input),
        void: voidPass,
        of: passesOf,
        named: namedPasses,
        namedOf: namedPassesOf,
      },
    }
    platform.jobs.every('tickets.expire', EXPIRY_SWEEP_MS, () => expireDueOrders(context))
    platform.jobs.every('tickets.settle-payments', PAYMENT_SETTLE_MS, () => payments.settleDue())
    platform.jobs.every(REFUND_JOB, REFUND_RUN_MS, () => payments.executeDueRefunds())
    platform.jobs.every('tickets.waiting-lapse', WAITING_LIST_RUN_MS, () => lapseDueOffers(context))
    platform.jobs.every(WAITING_MAIL_JOB, WAITING_LIST_RUN_MS, () => mailNewOffers(context))
    platform.jobs.every('tickets.transfer-reminders', TRANSFER_REMINDER_RUN_MS, () => remindDueTransfers(context))
    platform.jobs.every('tickets.answer-files-sweep', ANSWER_FILE_SWEEP_MS, () => sweepLooseAnswerFiles(platform, new Date()))
  },
  routes(router, platform: Platform) {
    const tickets = platform.services.tickets
    ticketRoutes(router, platform, tickets.signer, tickets.payments, tickets.orders)
    mountBadgeDownloads(router, platform)
    answerFileRoutes(router, platform)
    sandboxRoutes(router, platform, tickets.payments, loadStrings('payment'))
    const context = contexts.get(platform)
    if (context) waitingListRoutes(router, context)
  },
  async seed(_platform, tx) {
    await seedTickets(tx)
  },
}

// What other domains use of this one.
export { boothOrderByKey, boothOrdersOfExhibitor, liveBoothOrders, openBoothOrder, pendingBoothOrdersOf } from './booth-orders.ts'
export { liveServicesOrders, type LiveServicesOrder, openServicesOrder, type ServiceLine } from './services-orders.ts'
export { namedPassesOf } from './passes.ts'
export { exhibitionTitle } from './console/staff-orders.repo.ts'
export type { ExhibitionInfo } from './exhibition-info.ts'
export { formatDateRange, locationLine } from './format.ts'
export { ticketPdf, ticketPdfName } from './ticket-pdf.ts'
export { ORDER_EXPORTS } from './console/exports/ticket-exports.ts'
export { eraseHeldTickets, eraseOrders, redactOrderHistories } from './erasure.ts'
export { sweepLooseAnswerFiles } from './answer-files.ts'
export { eraseWaitingEntries } from './waiting-list/waiting-list.ts'
export { eraseTicketTransfers } from './ticket-transfer.ts'
export { type SharedContact, sharedContact } from './ticket-shares.ts'
