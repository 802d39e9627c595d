import type { Access, FunctionTable } from './gateway.ts'

/**
 * A console function's address: each is reached at the console endpoint as `console$<its name>`. Written
 * once per function rather than spelt out, since the table ships in the console's entry, which every
 * console screen loads.
 */
const at = <const Name extends string, const Who extends Access>(name: Name, access: Who) =>
  ({ endpoint: 'console', route: `console$${name}`, access }) as const

/**
 * Where each console function is reached and who may call it (docs/product.md#console). `staff`
 * functions also need one of the roles of shared/rules/console-access.ts; every console call needs the
 * console's request header and a matching Origin.
 */
export const CONSOLE = {
  setupInfo: at('setupInfo', 'public'),
  setUp: at('setUp', 'public'),
  signIn: at('signIn', 'public'),
  signOut: at('signOut', 'staff'),
  me: at('me', 'staff'),
  setLanguage: at('setLanguage', 'staff'),
  sessions: at('sessions', 'staff'),
  endSession: at('endSession', 'staff'),
  staffList: at('staffList', 'staff'),
  invite: at('invite', 'staff'),
  updateMember: at('updateMember', 'staff'),
  resetSecondFactor: at('resetSecondFactor', 'staff'),
  auditList: at('auditList', 'staff'),
  goingLive: at('goingLive', 'staff'),
  // Orders and refunds (docs/product.md#console-orders).
  orderList: at('orderList', 'staff'),
  orderDetail: at('orderDetail', 'staff'),
  resendTickets: at('resendTickets', 'staff'),
  changeAttendee: at('changeAttendee', 'staff'),
  cancelOrder: at('cancelOrder', 'staff'),
  refundOrder: at('refundOrder', 'staff'),
  // Invoices and credit notes (docs/product.md#invoices).
  invoicePdf: at('invoicePdf', 'staff'),
  invoicing: at('invoicing', 'staff'),
  saveInvoicing: at('saveInvoicing', 'staff'),
  paymentQueue: at('paymentQueue', 'staff'),
  // Bank transfer: the account, the statements and the transfers waiting (docs/product.md#bank-transfer).
  bankTransfer: at('bankTransfer', 'staff'),
  saveBankTransfer: at('saveBankTransfer', 'staff'),
  importStatement: at('importStatement', 'staff'),
  matchTransfer: at('matchTransfer', 'staff'),
  decideTransfer: at('decideTransfer', 'staff'),
  dashboard: at('dashboard', 'staff'),
  // Exhibitions, ticket types and coupons (docs/product.md#console-catalog).
  exhibitionList: at('exhibitionList', 'staff'),
  exhibitionDetail: at('exhibitionDetail', 'staff'),
  saveExhibition: at('saveExhibition', 'staff'),
  publishExhibition: at('publishExhibition', 'staff'),
  saveTicketType: at('saveTicketType', 'staff'),
  couponList: at('couponList', 'staff'),
  saveCoupon: at('saveCoupon', 'staff'),
  generateCoupons: at('generateCoupons', 'staff'),
  couponOrders: at('couponOrders', 'staff'),
  // The waiting lists of ticket types (docs/product.md#waiting-list).
  waitingList: at('waitingList', 'staff'),
  offerWaitingEntry: at('offerWaitingEntry', 'staff'),
  removeWaitingEntry: at('removeWaitingEntry', 'staff'),
  saveWaitingHours: at('saveWaitingHours', 'staff'),
  // Check-in at the door (docs/product.md#checkin).
  checkinExhibitions: at('checkinExhibitions', 'staff'),
  checkinList: at('checkinList', 'staff'),
  checkinSync: at('checkinSync', 'staff'),
  // The post-event survey (docs/product.md#survey).
  surveyEditor: at('surveyEditor', 'staff'),
  saveSurveyQuestion: at('saveSurveyQuestion', 'staff'),
  deleteSurveyQuestion: at('deleteSurveyQuestion', 'staff'),
  reorderSurveyQuestions: at('reorderSurveyQuestions', 'staff'),
  surveyResults: at('surveyResults', 'staff'),
  // The organiser's own questions on the attendee form (docs/product.md#ticket-questions).
  ticketQuestionEditor: at('ticketQuestionEditor', 'staff'),
  saveTicketQuestion: at('saveTicketQuestion', 'staff'),
  deleteTicketQuestion: at('deleteTicketQuestion', 'staff'),
  reorderTicketQuestions: at('reorderTicketQuestions', 'staff'),
  // The verification register (docs/product.md#console-register).
  registerChannels: at('registerChannels', 'staff'),
  saveRegisterChannel: at('saveRegisterChannel', 'staff'),
  retireRegisterChannel: at('retireRegisterChannel', 'staff'),
  registerDocuments: at('registerDocuments', 'staff'),
  addRegisterDocument: at('addRegisterDocument', 'staff'),
  retireRegisterDocument: at('retireRegisterDocument', 'staff'),
  registerLookups: at('registerLookups', 'staff'),
  // Channels exhibitors submit for the register (docs/product.md#exhibitor-channel-submissions).
  channelSubmissions: at('channelSubmissions', 'staff'),
  approveChannelSubmission: at('approveChannelSubmission', 'staff'),
  rejectChannelSubmission: at('rejectChannelSubmission', 'staff'),
  // Public scam alerts (docs/product.md#scam-alerts).
  scamAlertList: at('scamAlertList', 'staff'),
  saveScamAlert: at('saveScamAlert', 'staff'),
  withdrawScamAlert: at('withdrawScamAlert', 'staff'),
  // Applications (docs/product.md#console-applications).
  applicationList: at('applicationList', 'staff'),
  applicationDetail: at('applicationDetail', 'staff'),
  decideApplication: at('decideApplication', 'staff'),
  // Exhibitors (docs/product.md#console-exhibitors).
  exhibitorList: at('exhibitorList', 'staff'),
  exhibitorDetail: at('exhibitorDetail', 'staff'),
  resendExhibitorInvitation: at('resendExhibitorInvitation', 'staff'),
  setExhibitorPassGrant: at('setExhibitorPassGrant', 'staff'),
  // Lead capture per exhibition and its counts per exhibitor, never the leads (docs/product.md#leads).
  leadCapture: at('leadCapture', 'staff'),
  setLeadCapture: at('setLeadCapture', 'staff'),
  // Floor plans: an exhibition's halls and booths (docs/product.md#console-floor-plans).
  floorPlanEditor: at('floorPlanEditor', 'staff'),
  saveHall: at('saveHall', 'staff'),
  deleteHall: at('deleteHall', 'staff'),
  saveBooth: at('saveBooth', 'staff'),
  deleteBooth: at('deleteBooth', 'staff'),
  assignBooth: at('assignBooth', 'staff'),
  setBoothSelection: at('setBoothSelection', 'staff'),
  // Exhibitors' tasks and deadlines (docs/product.md#console-exhibitor-tasks).
  exhibitorTaskBoard: at('exhibitorTaskBoard', 'staff'),
  saveExhibitorTask: at('saveExhibitorTask', 'staff'),
  reorderExhibitorTasks: at('reorderExhibitorTasks', 'staff'),
  deleteExhibitorTask: at('deleteExhibitorTask', 'staff'),
  exhibitorTaskStates: at('exhibitorTaskStates', 'staff'),
  // Visitor accounts (docs/product.md#console-visitors).
  visitorSearch: at('visitorSearch', 'staff'),
  visitorDetail: at('visitorDetail', 'staff'),
  endVisitorSessions: at('endVisitorSessions', 'staff'),
  blockVisitor: at('blockVisitor', 'staff'),
  unblockVisitor: at('unblockVisitor', 'staff'),
  exportVisitorData: at('exportVisitorData', 'staff'),
  deleteVisitor: at('deleteVisitor', 'staff'),
  // Comment moderation (docs/product.md#console-comments).
  commentList: at('commentList', 'staff'),
  hideComment: at('hideComment', 'staff'),
  restoreComment: at('restoreComment', 'staff'),
  blockCommenter: at('blockCommenter', 'staff'),
  unblockCommenter: at('unblockCommenter', 'staff'),
  // The content editor: news, bulletins and videos (docs/product.md#console-content).
  editorialList: at('editorialList', 'staff'),
  editorialDetail: at('editorialDetail', 'staff'),
  saveEditorial: at('saveEditorial', 'staff'),
  publishEditorial: at('publishEditorial', 'staff'),
  scheduleEditorial: at('scheduleEditorial', 'staff'),
  unpublishEditorial: at('unpublishEditorial', 'staff'),
  deleteEditorial: at('deleteEditorial', 'staff'),
  editorialPreviewLink: at('editorialPreviewLink', 'staff'),
  editorialRender: at('editorialRender', 'staff'),
  // Exhibition content and adverts (docs/product.md#console-pages).
  contentExhibitions: at('contentExhibitions', 'staff'),
  exhibitionContent: at('exhibitionContent', 'staff'),
  saveExhibitionContent: at('saveExhibitionContent', 'staff'),
  advertList: at('advertList', 'staff'),
  saveAdvert: at('saveAdvert', 'staff'),
  publishAdvert: at('publishAdvert', 'staff'),
  // Media library (docs/product.md#console-media); files arrive through the multipart route MEDIA_UPLOAD_PATH.
  mediaList: at('mediaList', 'staff'),
  mediaDetail: at('mediaDetail', 'staff'),
  saveMedia: at('saveMedia', 'staff'),
  deleteMedia: at('deleteMedia', 'staff'),
  // Scam reports grouped by channel, the verifier's queue (docs/product.md#scam-reports).
  scamReportGroups: at('scamReportGroups', 'staff'),
  scamReportGroup: at('scamReportGroup', 'staff'),
  setScamReportStatus: at('setScamReportStatus', 'staff'),
  noteScamReportGroup: at('noteScamReportGroup', 'staff'),
  mergeScamReportGroups: at('mergeScamReportGroups', 'staff'),
  replyToScamReporter: at('replyToScamReporter', 'staff'),
  // Messages from the organiser (docs/product.md#messages).
  messageList: at('messageList', 'staff'),
  previewMessage: at('previewMessage', 'staff'),
  sendMessage: at('sendMessage', 'staff'),
  cancelMessage: at('cancelMessage', 'staff'),
  // Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition).
  reminderSettings: at('reminderSettings', 'staff'),
  saveReminders: at('saveReminders', 'staff'),
} as const satisfies FunctionTable
