import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as orders from '../../shared/contracts/console-orders.ts'
import type * as invoices from '../../shared/contracts/invoices.ts'
import type * as dashboards from '../../shared/contracts/console-dashboard.ts'

/** Orders, refunds, invoices and the dashboard (docs/product.md#console-orders, #invoices): browser references, beside src/api/console.ts, loaded with their screens only. */
export const orderList = fn<typeof orders.orderList>(CONSOLE.orderList)
export const orderDetail = fn<typeof orders.orderDetail>(CONSOLE.orderDetail)
export const resendTickets = fn<typeof orders.resendTickets>(CONSOLE.resendTickets)
export const changeAttendee = fn<typeof orders.changeAttendee>(CONSOLE.changeAttendee)
export const cancelOrder = fn<typeof orders.cancelOrder>(CONSOLE.cancelOrder)
export const refundOrder = fn<typeof orders.refundOrder>(CONSOLE.refundOrder)
export const paymentQueue = fn<typeof orders.paymentQueue>(CONSOLE.paymentQueue)
export const invoicePdf = fn<typeof invoices.invoicePdf>(CONSOLE.invoicePdf)
export const invoicing = fn<typeof invoices.invoicing>(CONSOLE.invoicing)
export const saveInvoicing = fn<typeof invoices.saveInvoicing>(CONSOLE.saveInvoicing)
export type { DocumentSummary, InvoicingSettings } from '../../shared/contracts/invoices.ts'
export const dashboard = fn<typeof dashboards.dashboard>(CONSOLE.dashboard)
export type { Dashboard } from '../../shared/contracts/console-dashboard.ts'
export type { ConsoleOrderDetail, OrderListRow, PaymentQueueRow } from '../../shared/contracts/console-orders.ts'
