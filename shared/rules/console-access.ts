import type { ExportKind } from './console-exports.ts'

/**
 * Who may call which console function (docs/product.md#console-access): the one table the
 * platform enforces and the console's navigation reads. Zod-free, so pages import it directly.
 */

/** A staff member holds one or more of these; `owner` may do everything. */
export const STAFF_ROLES = ['owner', 'manager', 'editor', 'support', 'verifier', 'checkin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** The console's own UI languages, as a member's setting (`zh` is traditional Chinese). */
export const CONSOLE_LANGUAGES = ['en', 'zh-cn', 'zh'] as const
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]

/** Every role: what any signed-in staff member may do about their own account. */
const ANYONE: readonly StaffRole[] = STAFF_ROLES
const OWNER: readonly StaffRole[] = ['owner']
/** Reading orders and fixing what a buyer asks for (docs/product.md#console-access). */
const ORDER_DESK: readonly StaffRole[] = ['manager', 'support']
/** Money and the catalogue: cancelling, refunding, exhibitions, ticket types, coupons. */
const MANAGER: readonly StaffRole[] = ['manager']
/** Applications: answering applicants is the support desk's work, and the managers'. */
const APPLICATION_DESK: readonly StaffRole[] = ['manager', 'support']
/** Exhibitors: the support desk reads them and their teams, as it answers their applications. */
const EXHIBITOR_DESK: readonly StaffRole[] = ['manager', 'support']
/** Mailing an exhibitor's invitation again in the organiser's name: managers (and owners). */
const EXHIBITOR_MANAGER: readonly StaffRole[] = ['manager']
/** The door: scanning tickets in (managers run a door too when short of hands). */
const DOOR: readonly StaffRole[] = ['checkin', 'manager']
/** The register of official channels and documents, and what visitors looked up. */
const VERIFIER: readonly StaffRole[] = ['verifier']
/** Visitor accounts: finding a visitor, ending their sessions, blocking them (the support desk's work, and the managers'). */
const VISITOR_DESK: readonly StaffRole[] = ['manager', 'support']
/** A person's data leaving the system or erased for good (GDPR access and erasure requests): owners only. */
const DATA_PROTECTION: readonly StaffRole[] = ['owner']
/** News, bulletins and videos: writing, scheduling and taking them down. */
const EDITOR: readonly StaffRole[] = ['editor']
/** Community comments: hiding and restoring them, barring a visitor from commenting. */
const COMMUNITY: readonly StaffRole[] = ['editor', 'support']

/**
 * Console functions with access `staff`, by their name in shared/functions/console.ts, and the roles
 * that may call them. A function missing here cannot be called by anyone (the unit test keeps the two
 * tables equal).
 */
export const CONSOLE_ACCESS = {
  signOut: ANYONE,
  me: ANYONE,
  setLanguage: ANYONE,
  sessions: ANYONE,
  endSession: ANYONE,
  staffList: OWNER,
  invite: OWNER,
  updateMember: OWNER,
  resetSecondFactor: OWNER,
  auditList: OWNER,
  goingLive: OWNER,
  orderList: ORDER_DESK,
  orderDetail: ORDER_DESK,
  resendTickets: ORDER_DESK,
  changeAttendee: ORDER_DESK,
  invoicePdf: ORDER_DESK,
  invoicing: OWNER,
  saveInvoicing: OWNER,
  cancelOrder: MANAGER,
  refundOrder: MANAGER,
  paymentQueue: ORDER_DESK,
  // Money coming in by transfer is the managers' to match and decide on (docs/product.md#bank-transfer).
  bankTransfer: MANAGER,
  saveBankTransfer: MANAGER,
  importStatement: MANAGER,
  matchTransfer: MANAGER,
  decideTransfer: MANAGER,
  dashboard: ORDER_DESK,
  exhibitionList: MANAGER,
  exhibitionDetail: MANAGER,
  saveExhibition: MANAGER,
  publishExhibition: MANAGER,
  saveTicketType: MANAGER,
  waitingList: MANAGER,
  offerWaitingEntry: MANAGER,
  removeWaitingEntry: MANAGER,
  saveWaitingHours: MANAGER,
  couponList: MANAGER,
  saveCoupon: MANAGER,
  generateCoupons: MANAGER,
  couponOrders: MANAGER,
  checkinExhibitions: DOOR,
  checkinList: DOOR,
  checkinSync: DOOR,
  surveyEditor: MANAGER,
  saveSurveyQuestion: MANAGER,
  deleteSurveyQuestion: MANAGER,
  reorderSurveyQuestions: MANAGER,
  surveyResults: MANAGER,
  ticketQuestionEditor: MANAGER,
  saveTicketQuestion: MANAGER,
  deleteTicketQuestion: MANAGER,
  reorderTicketQuestions: MANAGER,
  registerChannels: VERIFIER,
  saveRegisterChannel: VERIFIER,
  retireRegisterChannel: VERIFIER,
  registerDocuments: VERIFIER,
  addRegisterDocument: VERIFIER,
  retireRegisterDocument: VERIFIER,
  registerLookups: VERIFIER,
  channelSubmissions: VERIFIER,
  approveChannelSubmission: VERIFIER,
  rejectChannelSubmission: VERIFIER,
  scamReportGroups: VERIFIER,
  scamReportGroup: VERIFIER,
  setScamReportStatus: VERIFIER,
  noteScamReportGroup: VERIFIER,
  mergeScamReportGroups: VERIFIER,
  replyToScamReporter: VERIFIER,
  scamAlertList: VERIFIER,
  saveScamAlert: VERIFIER,
  withdrawScamAlert: VERIFIER,
  applicationList: APPLICATION_DESK,
  applicationDetail: APPLICATION_DESK,
  decideApplication: APPLICATION_DESK,
  exhibitorList: EXHIBITOR_DESK,
  exhibitorDetail: EXHIBITOR_DESK,
  resendExhibitorInvitation: EXHIBITOR_MANAGER,
  setExhibitorPassGrant: EXHIBITOR_MANAGER,
  leadCapture: EXHIBITOR_DESK,
  setLeadCapture: EXHIBITOR_MANAGER,
  floorPlanEditor: MANAGER,
  saveHall: MANAGER,
  deleteHall: MANAGER,
  saveBooth: MANAGER,
  deleteBooth: MANAGER,
  assignBooth: MANAGER,
  setBoothSelection: MANAGER,
  exhibitorTaskBoard: EXHIBITOR_DESK,
  saveExhibitorTask: EXHIBITOR_MANAGER,
  reorderExhibitorTasks: EXHIBITOR_MANAGER,
  deleteExhibitorTask: EXHIBITOR_MANAGER,
  exhibitorTaskStates: EXHIBITOR_DESK,
  visitorSearch: VISITOR_DESK,
  visitorDetail: VISITOR_DESK,
  endVisitorSessions: VISITOR_DESK,
  blockVisitor: VISITOR_DESK,
  unblockVisitor: VISITOR_DESK,
  exportVisitorData: DATA_PROTECTION,
  deleteVisitor: DATA_PROTECTION,
  commentList: COMMUNITY,
  hideComment: COMMUNITY,
  restoreComment: COMMUNITY,
  blockCommenter: COMMUNITY,
  unblockCommenter: COMMUNITY,
  editorialList: EDITOR,
  editorialDetail: EDITOR,
  saveEditorial: EDITOR,
  publishEditorial: EDITOR,
  scheduleEditorial: EDITOR,
  unpublishEditorial: EDITOR,
  deleteEditorial: EDITOR,
  editorialPreviewLink: EDITOR,
  editorialRender: EDITOR,
  contentExhibitions: EDITOR,
  exhibitionContent: EDITOR,
  saveExhibitionContent: EDITOR,
  advertList: EDITOR,
  saveAdvert: EDITOR,
  publishAdvert: EDITOR,
  mediaList: EDITOR,
  mediaDetail: EDITOR,
  saveMedia: EDITOR,
  deleteMedia: EDITOR,
  messageList: MANAGER,
  previewMessage: MANAGER,
  sendMessage: MANAGER,
  cancelMessage: MANAGER,
  reminderSettings: MANAGER,
  saveReminders: MANAGER,
} as const satisfies Record<string, readonly StaffRole[]>

export type ConsoleStaffFunction = keyof typeof CONSOLE_ACCESS

/** Whether a member with these roles may call the function; owners may call everything. */
export function mayCall(roles: readonly StaffRole[], name: string): boolean {
  if (roles.includes('owner')) return true
  const allowed = (CONSOLE_ACCESS as Record<string, readonly StaffRole[]>)[name]
  return allowed ? roles.some((role) => allowed.includes(role)) : false
}

/**
 * Badges (docs/product.md#badges): the door prints them and the order desk hands one out again, so
 * members with check-in or order access download them (a streamed file, not a gateway function).
 */
export const BADGE_ACCESS: readonly StaffRole[] = ['checkin', 'manager', 'support']

export function mayDownloadBadges(roles: readonly StaffRole[]): boolean {
  return roles.includes('owner') || roles.some((role) => BADGE_ACCESS.includes(role))
}

/**
 * Who may download which list (docs/product.md#streamed-exports): streamed downloads, not gateway
 * functions. Orders, attendees and survey answers are personal data in bulk, so managers (and owners);
 * applications and exhibitors are the desks that read them on screen.
 */
export const EXPORT_ACCESS: Record<ExportKind, readonly StaffRole[]> = {
  orders: MANAGER,
  attendees: MANAGER,
  survey: MANAGER,
  applications: APPLICATION_DESK,
  exhibitors: EXHIBITOR_DESK,
}

export function mayExport(roles: readonly StaffRole[], kind: ExportKind): boolean {
  return roles.includes('owner') || roles.some((role) => EXPORT_ACCESS[kind].includes(role))
}

/**
 * The staff session cookie (HttpOnly, SameSite=Strict), set once for each of these paths with the same
 * value, since a cookie has a single Path.
 */
export const STAFF_COOKIE = { name: 'staff_session', paths: ['/console', '/gateway/console'] } as const

/** The header every console call carries; with a matching Origin it is the console's CSRF check. */
export const CONSOLE_REQUEST_HEADER = { name: 'X-Console-Request', value: '1' } as const

/** Limits of the console's forms, shared by the pages and the contracts. */
export const STAFF_LIMITS = {
  name: 100,
  passwordMin: 12,
  passwordMax: 200,
  auditPageSizeMax: 100,
  auditPageSizeDefault: 50,
  /** A set-up link is valid this long (hours). */
  setupTokenHours: 72,
} as const

/** The page of a set-up link; the link carries the one-time token. */
export const consoleSetupPath = (token: string) => `/console/setup/${encodeURIComponent(token)}`
