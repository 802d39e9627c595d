import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as contracts from '../../shared/contracts/console.ts'
import type * as orders from '../../shared/contracts/console-orders.ts'
import type * as invoices from '../../shared/contracts/invoices.ts'
import type * as dashboards from '../../shared/contracts/console-dashboard.ts'
import type * as catalog from '../../shared/contracts/console-catalog.ts'
import type * as checkin from '../../shared/contracts/console-checkin.ts'
import type * as register from '../../shared/contracts/console-register.ts'
import type * as applications from '../../shared/contracts/console-applications.ts'
import type * as visitors from '../../shared/contracts/console-visitors.ts'
import type * as exhibitors from '../../shared/contracts/console-exhibitors.ts'
import type * as comments from '../../shared/contracts/console-comments.ts'
import type * as media from '../../shared/contracts/console-media.ts'

/**
 * The organiser's console (docs/product.md#console): browser references to the platform functions on
 * POST /gateway/console. Who may call which is shared/rules/console-access.ts.
 */
export const setupInfo = fn<typeof contracts.setupInfo>(CONSOLE.setupInfo)
export const setUp = fn<typeof contracts.setUp>(CONSOLE.setUp)
export const signIn = fn<typeof contracts.signIn>(CONSOLE.signIn)
export const signOut = fn<typeof contracts.signOut>(CONSOLE.signOut)
export const me = fn<typeof contracts.me>(CONSOLE.me)
export const setLanguage = fn<typeof contracts.setLanguage>(CONSOLE.setLanguage)
export const sessions = fn<typeof contracts.sessions>(CONSOLE.sessions)
export const endSession = fn<typeof contracts.endSession>(CONSOLE.endSession)
export const staffList = fn<typeof contracts.staffList>(CONSOLE.staffList)
export const invite = fn<typeof contracts.invite>(CONSOLE.invite)
export const updateMember = fn<typeof contracts.updateMember>(CONSOLE.updateMember)
export const resetSecondFactor = fn<typeof contracts.resetSecondFactor>(CONSOLE.resetSecondFactor)
export const auditList = fn<typeof contracts.auditList>(CONSOLE.auditList)
export const goingLive = fn<typeof contracts.goingLive>(CONSOLE.goingLive)
// Orders and refunds (docs/product.md#console-orders).
export const orderList = fn<typeof orders.orderList>(CONSOLE.orderList)
export const orderDetail = fn<typeof orders.orderDetail>(CONSOLE.orderDetail)
export const resendTickets = fn<typeof orders.resendTickets>(CONSOLE.resendTickets)
export const changeAttendee = fn<typeof orders.changeAttendee>(CONSOLE.changeAttendee)
export const cancelOrder = fn<typeof orders.cancelOrder>(CONSOLE.cancelOrder)
export const refundOrder = fn<typeof orders.refundOrder>(CONSOLE.refundOrder)
export const paymentQueue = fn<typeof orders.paymentQueue>(CONSOLE.paymentQueue)
// Invoices and credit notes (docs/product.md#invoices).
export const invoicePdf = fn<typeof invoices.invoicePdf>(CONSOLE.invoicePdf)
export const invoicing = fn<typeof invoices.invoicing>(CONSOLE.invoicing)
export const saveInvoicing = fn<typeof invoices.saveInvoicing>(CONSOLE.saveInvoicing)
export type { InvoicingSettings } from '../../shared/contracts/invoices.ts'
export const dashboard = fn<typeof dashboards.dashboard>(CONSOLE.dashboard)
// Applications (docs/product.md#console-applications).
export const applicationList = fn<typeof applications.applicationList>(CONSOLE.applicationList)
export const applicationDetail = fn<typeof applications.applicationDetail>(CONSOLE.applicationDetail)
export const decideApplication = fn<typeof applications.decideApplication>(CONSOLE.decideApplication)
export const applicationExport = fn<typeof applications.applicationExport>(CONSOLE.applicationExport)
export type { ApplicationDetail, ApplicationRow } from '../../shared/contracts/console-applications.ts'
// Exhibitors (docs/product.md#console-exhibitors).
export const exhibitorList = fn<typeof exhibitors.exhibitorList>(CONSOLE.exhibitorList)
export const exhibitorDetail = fn<typeof exhibitors.exhibitorDetail>(CONSOLE.exhibitorDetail)
export const resendExhibitorInvitation = fn<typeof exhibitors.resendExhibitorInvitation>(CONSOLE.resendExhibitorInvitation)
export const setExhibitorPassGrant = fn<typeof exhibitors.setExhibitorPassGrant>(CONSOLE.setExhibitorPassGrant)
export const exhibitorExport = fn<typeof exhibitors.exhibitorExport>(CONSOLE.exhibitorExport)
export type { ConsoleExhibitorDetail, ConsoleExhibitorRow } from '../../shared/contracts/console-exhibitors.ts'
// Visitor accounts (docs/product.md#console-visitors).
export const visitorSearch = fn<typeof visitors.visitorSearch>(CONSOLE.visitorSearch)
export const visitorDetail = fn<typeof visitors.visitorDetail>(CONSOLE.visitorDetail)
export const endVisitorSessions = fn<typeof visitors.endVisitorSessions>(CONSOLE.endVisitorSessions)
export const blockVisitor = fn<typeof visitors.blockVisitor>(CONSOLE.blockVisitor)
export const unblockVisitor = fn<typeof visitors.unblockVisitor>(CONSOLE.unblockVisitor)
export const exportVisitorData = fn<typeof visitors.exportVisitorData>(CONSOLE.exportVisitorData)
export const deleteVisitor = fn<typeof visitors.deleteVisitor>(CONSOLE.deleteVisitor)
export type { VisitorDetail, VisitorRow } from '../../shared/contracts/console-visitors.ts'
export type { Dashboard } from '../../shared/contracts/console-dashboard.ts'
export type { ConsoleOrderDetail, OrderListRow, PaymentQueueRow } from '../../shared/contracts/console-orders.ts'

export type { AuditRow, GoingLiveEntry, StaffListItem, StaffMember, StaffSession } from '../../shared/contracts/console.ts'
// Exhibitions, ticket types and coupons (docs/product.md#console-catalog).
export const exhibitionList = fn<typeof catalog.exhibitionList>(CONSOLE.exhibitionList)
export const exhibitionDetail = fn<typeof catalog.exhibitionDetail>(CONSOLE.exhibitionDetail)
export const saveExhibition = fn<typeof catalog.saveExhibition>(CONSOLE.saveExhibition)
export const publishExhibition = fn<typeof catalog.publishExhibition>(CONSOLE.publishExhibition)
export const saveTicketType = fn<typeof catalog.saveTicketType>(CONSOLE.saveTicketType)
export const couponList = fn<typeof catalog.couponList>(CONSOLE.couponList)
export const saveCoupon = fn<typeof catalog.saveCoupon>(CONSOLE.saveCoupon)
export const generateCoupons = fn<typeof catalog.generateCoupons>(CONSOLE.generateCoupons)
export const couponOrders = fn<typeof catalog.couponOrders>(CONSOLE.couponOrders)
export type { CatalogCoupon, CatalogExhibition, CatalogTicketType } from '../../shared/contracts/console-catalog.ts'
// Check-in at the door (docs/product.md#checkin).
export const checkinExhibitions = fn<typeof checkin.checkinExhibitions>(CONSOLE.checkinExhibitions)
export const checkinList = fn<typeof checkin.checkinList>(CONSOLE.checkinList)
export const checkinSync = fn<typeof checkin.checkinSync>(CONSOLE.checkinSync)
export type { CheckinList, CheckinSyncResult } from '../../shared/contracts/console-checkin.ts'
// The verification register (docs/product.md#console-register).
export const registerChannels = fn<typeof register.registerChannels>(CONSOLE.registerChannels)
export const saveRegisterChannel = fn<typeof register.saveRegisterChannel>(CONSOLE.saveRegisterChannel)
export const retireRegisterChannel = fn<typeof register.retireRegisterChannel>(CONSOLE.retireRegisterChannel)
export const channelSubmissions = fn<typeof register.channelSubmissions>(CONSOLE.channelSubmissions)
export const approveChannelSubmission = fn<typeof register.approveChannelSubmission>(CONSOLE.approveChannelSubmission)
export const rejectChannelSubmission = fn<typeof register.rejectChannelSubmission>(CONSOLE.rejectChannelSubmission)
export const registerDocuments = fn<typeof register.registerDocuments>(CONSOLE.registerDocuments)
export const addRegisterDocument = fn<typeof register.addRegisterDocument>(CONSOLE.addRegisterDocument)
export const retireRegisterDocument = fn<typeof register.retireRegisterDocument>(CONSOLE.retireRegisterDocument)
export const registerLookups = fn<typeof register.registerLookups>(CONSOLE.registerLookups)
export type { ChannelSubmission, RegisterChannel, RegisterDocument } from '../../shared/contracts/console-register.ts'
// Comment moderation (docs/product.md#console-comments).
export const commentList = fn<typeof comments.commentList>(CONSOLE.commentList)
export const hideComment = fn<typeof comments.hideComment>(CONSOLE.hideComment)
export const restoreComment = fn<typeof comments.restoreComment>(CONSOLE.restoreComment)
export const blockCommenter = fn<typeof comments.blockCommenter>(CONSOLE.blockCommenter)
export const unblockCommenter = fn<typeof comments.unblockCommenter>(CONSOLE.unblockCommenter)
export type { ModerationRow } from '../../shared/contracts/console-comments.ts'
// Media library (docs/product.md#console-media); uploads go through MEDIA_UPLOAD_PATH (src/console/lib/media-upload.ts).
export const mediaList = fn<typeof media.mediaList>(CONSOLE.mediaList)
export const mediaDetail = fn<typeof media.mediaDetail>(CONSOLE.mediaDetail)
export const saveMedia = fn<typeof media.saveMedia>(CONSOLE.saveMedia)
export const deleteMedia = fn<typeof media.deleteMedia>(CONSOLE.deleteMedia)
