import { type ConsoleStaffFunction, mayCall, type StaffRole } from '../api/rules/console-access.ts'
import { APPLICATIONS_PATH } from './lib/application-paths.ts'
import { EXHIBITIONS_PATH } from './lib/catalog-paths.ts'
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
  | 'checkin'
  | 'register'
  | 'exhibitions'
  | 'orders'
  | 'payments'
  | 'staff'
  | 'audit'
  | 'sessions'

/** A console section and the function a member must be allowed to call to use it (the access table decides). */
export interface Section {
  id: SectionId
  path: string
  needs: ConsoleStaffFunction
}

/** The sections built so far, in navigation order; later parts add theirs here when they exist. */
export const SECTIONS: readonly Section[] = [
  { id: 'home', path: CONSOLE_HOME, needs: 'me' },
  { id: 'exhibitions', path: EXHIBITIONS_PATH, needs: 'exhibitionList' },
  { id: 'orders', path: ORDERS_PATH, needs: 'orderList' },
  { id: 'payments', path: PAYMENT_QUEUE_PATH, needs: 'paymentQueue' },
  { id: 'applications', path: APPLICATIONS_PATH, needs: 'applicationList' },
  { id: 'visitors', path: VISITORS_PATH, needs: 'visitorSearch' },
  { id: 'comments', path: `${CONSOLE_HOME}/comments`, needs: 'commentList' },
  { id: 'content', path: `${CONSOLE_HOME}/content`, needs: 'editorialList' },
  { id: 'pages', path: PAGES_PATH, needs: 'contentExhibitions' },
  { id: 'adverts', path: ADVERTS_PATH, needs: 'advertList' },
  { id: 'media', path: MEDIA_PATH, needs: 'mediaList' },
  { id: 'staff', path: `${CONSOLE_HOME}/staff`, needs: 'staffList' },
  { id: 'audit', path: `${CONSOLE_HOME}/audit`, needs: 'auditList' },
  { id: 'sessions', path: `${CONSOLE_HOME}/sessions`, needs: 'sessions' },
  { id: 'checkin', path: CHECKIN_PATH, needs: 'checkinList' },
  { id: 'register', path: `${CONSOLE_HOME}/register`, needs: 'registerChannels' },
]

/** Only what the member may use: a section they cannot call is not shown at all. */
export function sectionsFor(roles: readonly StaffRole[]): Section[] {
  return SECTIONS.filter((section) => mayCall(roles, section.needs))
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
