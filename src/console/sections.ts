import { type ConsoleStaffFunction, mayCall, type StaffRole } from '../../shared/rules/console-access.ts'
import { APPLICATIONS_PATH } from './lib/application-paths.ts'
import { EXHIBITIONS_PATH } from './lib/catalog-paths.ts'
import { EXHIBITORS_PATH } from './lib/exhibitor-paths.ts'
import { ADVERTS_PATH, PAGES_PATH } from './lib/content-paths.ts'
import { ORDERS_PATH, PAYMENT_QUEUE_PATH } from './lib/order-paths.ts'
import { MEDIA_PATH } from './lib/media-paths.ts'
import { CHECKIN_PATH, CONSOLE_HOME } from './lib/paths.ts'
import { VISITORS_PATH } from './lib/visitor-paths.ts'

export type SectionId =
  | 'home'
  | 'visitors'
  | 'comments'
  | 'content'
  | 'pages'
  | 'adverts'
  | 'media'
  | 'applications'
  | 'exhibitors'
  | 'checkin'
  | 'register'
  | 'scamReports'
  | 'alerts'
  | 'exhibitions'
  | 'orders'
  | 'payments'
  | 'staff'
  | 'audit'
  | 'invoicing'
  | 'sessions'

/**
 * Headings of the navigation: an owner has eighteen sections, too many for one flat list to be read
 * at a glance. `start` (the home page) has no heading.
 */
export const SECTION_GROUPS = ['start', 'sales', 'publishing', 'door', 'verification', 'administration'] as const
export type SectionGroup = (typeof SECTION_GROUPS)[number]

/** A console section and the function a member must be allowed to call to use it (the access table decides). */
export interface Section {
  id: SectionId
  group: SectionGroup
  path: string
  needs: ConsoleStaffFunction
}

/** The sections built so far, in navigation order; later parts add theirs here when they exist. */
export const SECTIONS: readonly Section[] = [
  { id: 'home', group: 'start', path: CONSOLE_HOME, needs: 'me' },
  { id: 'exhibitions', group: 'sales', path: EXHIBITIONS_PATH, needs: 'exhibitionList' },
  { id: 'orders', group: 'sales', path: ORDERS_PATH, needs: 'orderList' },
  { id: 'payments', group: 'sales', path: PAYMENT_QUEUE_PATH, needs: 'paymentQueue' },
  { id: 'applications', group: 'sales', path: APPLICATIONS_PATH, needs: 'applicationList' },
  { id: 'exhibitors', group: 'sales', path: EXHIBITORS_PATH, needs: 'exhibitorList' },
  { id: 'visitors', group: 'sales', path: VISITORS_PATH, needs: 'visitorSearch' },
  { id: 'content', group: 'publishing', path: `${CONSOLE_HOME}/content`, needs: 'editorialList' },
  { id: 'pages', group: 'publishing', path: PAGES_PATH, needs: 'contentExhibitions' },
  { id: 'adverts', group: 'publishing', path: ADVERTS_PATH, needs: 'advertList' },
  { id: 'media', group: 'publishing', path: MEDIA_PATH, needs: 'mediaList' },
  { id: 'comments', group: 'publishing', path: `${CONSOLE_HOME}/comments`, needs: 'commentList' },
  { id: 'checkin', group: 'door', path: CHECKIN_PATH, needs: 'checkinList' },
  { id: 'register', group: 'verification', path: `${CONSOLE_HOME}/register`, needs: 'registerChannels' },
  { id: 'scamReports', group: 'verification', path: `${CONSOLE_HOME}/scam-reports`, needs: 'scamReportGroups' },
  { id: 'alerts', group: 'verification', path: `${CONSOLE_HOME}/alerts`, needs: 'scamAlertList' },
  { id: 'staff', group: 'administration', path: `${CONSOLE_HOME}/staff`, needs: 'staffList' },
  { id: 'audit', group: 'administration', path: `${CONSOLE_HOME}/audit`, needs: 'auditList' },
  { id: 'invoicing', group: 'administration', path: `${CONSOLE_HOME}/settings/invoicing`, needs: 'invoicing' },
  { id: 'sessions', group: 'administration', path: `${CONSOLE_HOME}/sessions`, needs: 'sessions' },
]

/** Only what the member may use: a section they cannot call is not shown at all. */
export function sectionsFor(roles: readonly StaffRole[]): Section[] {
  return SECTIONS.filter((section) => mayCall(roles, section.needs))
}

/** The member's sections under their headings, in navigation order; a heading with none of them is left out. */
export function sectionGroupsFor(roles: readonly StaffRole[]): Array<{ group: SectionGroup; sections: Section[] }> {
  const mine = sectionsFor(roles)
  return SECTION_GROUPS.map((group) => ({ group, sections: mine.filter((section) => section.group === group) })).filter((entry) => entry.sections.length > 0)
}

/** Sections every member has for their own account, which say nothing of their job. */
const OWN_ACCOUNT: readonly SectionId[] = ['home', 'sessions']

/**
 * Where a member starts: a member who only works the door goes straight to it (a phone at the
 * entrance has no use for a welcome page); everyone else to the console's home.
 */
export function landingFor(roles: readonly StaffRole[]): string {
  const work = sectionsFor(roles).filter((section) => !OWN_ACCOUNT.includes(section.id))
  return work.length === 1 && work[0]?.id === 'checkin' ? CHECKIN_PATH : CONSOLE_HOME
}
