import type { FunctionTable } from './gateway.ts'

/**
 * Where each console function is reached and who may call it (docs/product.md#console). `staff`
 * functions also need one of the roles of shared/rules/console-access.ts; every console call needs the
 * console's request header and a matching Origin.
 */
export const CONSOLE = {
  setupInfo: { endpoint: 'console', route: 'console$setupInfo', access: 'public' },
  setUp: { endpoint: 'console', route: 'console$setUp', access: 'public' },
  signIn: { endpoint: 'console', route: 'console$signIn', access: 'public' },
  signOut: { endpoint: 'console', route: 'console$signOut', access: 'staff' },
  me: { endpoint: 'console', route: 'console$me', access: 'staff' },
  setLanguage: { endpoint: 'console', route: 'console$setLanguage', access: 'staff' },
  sessions: { endpoint: 'console', route: 'console$sessions', access: 'staff' },
  endSession: { endpoint: 'console', route: 'console$endSession', access: 'staff' },
  staffList: { endpoint: 'console', route: 'console$staffList', access: 'staff' },
  invite: { endpoint: 'console', route: 'console$invite', access: 'staff' },
  updateMember: { endpoint: 'console', route: 'console$updateMember', access: 'staff' },
  resetSecondFactor: { endpoint: 'console', route: 'console$resetSecondFactor', access: 'staff' },
  auditList: { endpoint: 'console', route: 'console$auditList', access: 'staff' },
  goingLive: { endpoint: 'console', route: 'console$goingLive', access: 'staff' },
  // Orders and refunds (docs/product.md#console-orders).
  orderList: { endpoint: 'console', route: 'console$orderList', access: 'staff' },
  orderDetail: { endpoint: 'console', route: 'console$orderDetail', access: 'staff' },
  resendTickets: { endpoint: 'console', route: 'console$resendTickets', access: 'staff' },
  changeAttendee: { endpoint: 'console', route: 'console$changeAttendee', access: 'staff' },
  cancelOrder: { endpoint: 'console', route: 'console$cancelOrder', access: 'staff' },
  refundOrder: { endpoint: 'console', route: 'console$refundOrder', access: 'staff' },
  // Invoices and credit notes (docs/product.md#invoices).
  invoicePdf: { endpoint: 'console', route: 'console$invoicePdf', access: 'staff' },
  invoicing: { endpoint: 'console', route: 'console$invoicing', access: 'staff' },
  saveInvoicing: { endpoint: 'console', route: 'console$saveInvoicing', access: 'staff' },
  paymentQueue: { endpoint: 'console', route: 'console$paymentQueue', access: 'staff' },
  exportFile: { endpoint: 'console', route: 'console$exportFile', access: 'staff' },
  dashboard: { endpoint: 'console', route: 'console$dashboard', access: 'staff' },
  // Exhibitions, ticket types and coupons (docs/product.md#console-catalog).
  exhibitionList: { endpoint: 'console', route: 'console$exhibitionList', access: 'staff' },
  exhibitionDetail: { endpoint: 'console', route: 'console$exhibitionDetail', access: 'staff' },
  saveExhibition: { endpoint: 'console', route: 'console$saveExhibition', access: 'staff' },
  publishExhibition: { endpoint: 'console', route: 'console$publishExhibition', access: 'staff' },
  saveTicketType: { endpoint: 'console', route: 'console$saveTicketType', access: 'staff' },
  couponList: { endpoint: 'console', route: 'console$couponList', access: 'staff' },
  saveCoupon: { endpoint: 'console', route: 'console$saveCoupon', access: 'staff' },
  generateCoupons: { endpoint: 'console', route: 'console$generateCoupons', access: 'staff' },
  couponOrders: { endpoint: 'console', route: 'console$couponOrders', access: 'staff' },
  // The waiting lists of ticket types (docs/product.md#waiting-list).
  waitingList: { endpoint: 'console', route: 'console$waitingList', access: 'staff' },
  offerWaitingEntry: { endpoint: 'console', route: 'console$offerWaitingEntry', access: 'staff' },
  removeWaitingEntry: { endpoint: 'console', route: 'console$removeWaitingEntry', access: 'staff' },
  saveWaitingHours: { endpoint: 'console', route: 'console$saveWaitingHours', access: 'staff' },
  // Check-in at the door (docs/product.md#checkin).
  checkinExhibitions: { endpoint: 'console', route: 'console$checkinExhibitions', access: 'staff' },
  checkinList: { endpoint: 'console', route: 'console$checkinList', access: 'staff' },
  checkinSync: { endpoint: 'console', route: 'console$checkinSync', access: 'staff' },
  // The post-event survey (docs/product.md#survey).
  surveyEditor: { endpoint: 'console', route: 'console$surveyEditor', access: 'staff' },
  saveSurveyQuestion: { endpoint: 'console', route: 'console$saveSurveyQuestion', access: 'staff' },
  deleteSurveyQuestion: { endpoint: 'console', route: 'console$deleteSurveyQuestion', access: 'staff' },
  reorderSurveyQuestions: { endpoint: 'console', route: 'console$reorderSurveyQuestions', access: 'staff' },
  surveyResults: { endpoint: 'console', route: 'console$surveyResults', access: 'staff' },
  surveyExport: { endpoint: 'console', route: 'console$surveyExport', access: 'staff' },
  // The verification register (docs/product.md#console-register).
  registerChannels: { endpoint: 'console', route: 'console$registerChannels', access: 'staff' },
  saveRegisterChannel: { endpoint: 'console', route: 'console$saveRegisterChannel', access: 'staff' },
  retireRegisterChannel: { endpoint: 'console', route: 'console$retireRegisterChannel', access: 'staff' },
  registerDocuments: { endpoint: 'console', route: 'console$registerDocuments', access: 'staff' },
  addRegisterDocument: { endpoint: 'console', route: 'console$addRegisterDocument', access: 'staff' },
  retireRegisterDocument: { endpoint: 'console', route: 'console$retireRegisterDocument', access: 'staff' },
  registerLookups: { endpoint: 'console', route: 'console$registerLookups', access: 'staff' },
  // Channels exhibitors submit for the register (docs/product.md#exhibitor-channel-submissions).
  channelSubmissions: { endpoint: 'console', route: 'console$channelSubmissions', access: 'staff' },
  approveChannelSubmission: { endpoint: 'console', route: 'console$approveChannelSubmission', access: 'staff' },
  rejectChannelSubmission: { endpoint: 'console', route: 'console$rejectChannelSubmission', access: 'staff' },
  // Applications (docs/product.md#console-applications).
  applicationList: { endpoint: 'console', route: 'console$applicationList', access: 'staff' },
  applicationDetail: { endpoint: 'console', route: 'console$applicationDetail', access: 'staff' },
  decideApplication: { endpoint: 'console', route: 'console$decideApplication', access: 'staff' },
  applicationExport: { endpoint: 'console', route: 'console$applicationExport', access: 'staff' },
  // Exhibitors (docs/product.md#console-exhibitors).
  exhibitorList: { endpoint: 'console', route: 'console$exhibitorList', access: 'staff' },
  exhibitorDetail: { endpoint: 'console', route: 'console$exhibitorDetail', access: 'staff' },
  resendExhibitorInvitation: { endpoint: 'console', route: 'console$resendExhibitorInvitation', access: 'staff' },
  setExhibitorPassGrant: { endpoint: 'console', route: 'console$setExhibitorPassGrant', access: 'staff' },
  exhibitorExport: { endpoint: 'console', route: 'console$exhibitorExport', access: 'staff' },
  // Lead capture per exhibition and its counts per exhibitor, never the leads (docs/product.md#leads).
  leadCapture: { endpoint: 'console', route: 'console$leadCapture', access: 'staff' },
  setLeadCapture: { endpoint: 'console', route: 'console$setLeadCapture', access: 'staff' },
  // Floor plans: an exhibition's halls and booths (docs/product.md#console-floor-plans).
  floorPlanEditor: { endpoint: 'console', route: 'console$floorPlanEditor', access: 'staff' },
  saveHall: { endpoint: 'console', route: 'console$saveHall', access: 'staff' },
  deleteHall: { endpoint: 'console', route: 'console$deleteHall', access: 'staff' },
  saveBooth: { endpoint: 'console', route: 'console$saveBooth', access: 'staff' },
  deleteBooth: { endpoint: 'console', route: 'console$deleteBooth', access: 'staff' },
  assignBooth: { endpoint: 'console', route: 'console$assignBooth', access: 'staff' },
  setBoothSelection: { endpoint: 'console', route: 'console$setBoothSelection', access: 'staff' },
  // Exhibitors' tasks and deadlines (docs/product.md#console-exhibitor-tasks).
  exhibitorTaskBoard: { endpoint: 'console', route: 'console$exhibitorTaskBoard', access: 'staff' },
  saveExhibitorTask: { endpoint: 'console', route: 'console$saveExhibitorTask', access: 'staff' },
  reorderExhibitorTasks: { endpoint: 'console', route: 'console$reorderExhibitorTasks', access: 'staff' },
  deleteExhibitorTask: { endpoint: 'console', route: 'console$deleteExhibitorTask', access: 'staff' },
  exhibitorTaskStates: { endpoint: 'console', route: 'console$exhibitorTaskStates', access: 'staff' },
  // Visitor accounts (docs/product.md#console-visitors).
  visitorSearch: { endpoint: 'console', route: 'console$visitorSearch', access: 'staff' },
  visitorDetail: { endpoint: 'console', route: 'console$visitorDetail', access: 'staff' },
  endVisitorSessions: { endpoint: 'console', route: 'console$endVisitorSessions', access: 'staff' },
  blockVisitor: { endpoint: 'console', route: 'console$blockVisitor', access: 'staff' },
  unblockVisitor: { endpoint: 'console', route: 'console$unblockVisitor', access: 'staff' },
  exportVisitorData: { endpoint: 'console', route: 'console$exportVisitorData', access: 'staff' },
  deleteVisitor: { endpoint: 'console', route: 'console$deleteVisitor', access: 'staff' },
  // Comment moderation (docs/product.md#console-comments).
  commentList: { endpoint: 'console', route: 'console$commentList', access: 'staff' },
  hideComment: { endpoint: 'console', route: 'console$hideComment', access: 'staff' },
  restoreComment: { endpoint: 'console', route: 'console$restoreComment', access: 'staff' },
  blockCommenter: { endpoint: 'console', route: 'console$blockCommenter', access: 'staff' },
  unblockCommenter: { endpoint: 'console', route: 'console$unblockCommenter', access: 'staff' },
  // The content editor: news, bulletins and videos (docs/product.md#console-content).
  editorialList: { endpoint: 'console', route: 'console$editorialList', access: 'staff' },
  editorialDetail: { endpoint: 'console', route: 'console$editorialDetail', access: 'staff' },
  saveEditorial: { endpoint: 'console', route: 'console$saveEditorial', access: 'staff' },
  publishEditorial: { endpoint: 'console', route: 'console$publishEditorial', access: 'staff' },
  scheduleEditorial: { endpoint: 'console', route: 'console$scheduleEditorial', access: 'staff' },
  unpublishEditorial: { endpoint: 'console', route: 'console$unpublishEditorial', access: 'staff' },
  deleteEditorial: { endpoint: 'console', route: 'console$deleteEditorial', access: 'staff' },
  editorialPreviewLink: { endpoint: 'console', route: 'console$editorialPreviewLink', access: 'staff' },
  editorialRender: { endpoint: 'console', route: 'console$editorialRender', access: 'staff' },
  // Exhibition content and adverts (docs/product.md#console-pages).
  contentExhibitions: { endpoint: 'console', route: 'console$contentExhibitions', access: 'staff' },
  exhibitionContent: { endpoint: 'console', route: 'console$exhibitionContent', access: 'staff' },
  saveExhibitionContent: { endpoint: 'console', route: 'console$saveExhibitionContent', access: 'staff' },
  advertList: { endpoint: 'console', route: 'console$advertList', access: 'staff' },
  saveAdvert: { endpoint: 'console', route: 'console$saveAdvert', access: 'staff' },
  publishAdvert: { endpoint: 'console', route: 'console$publishAdvert', access: 'staff' },
  // Media library (docs/product.md#console-media); files arrive through the multipart route MEDIA_UPLOAD_PATH.
  mediaList: { endpoint: 'console', route: 'console$mediaList', access: 'staff' },
  mediaDetail: { endpoint: 'console', route: 'console$mediaDetail', access: 'staff' },
  saveMedia: { endpoint: 'console', route: 'console$saveMedia', access: 'staff' },
  deleteMedia: { endpoint: 'console', route: 'console$deleteMedia', access: 'staff' },
} as const satisfies FunctionTable
