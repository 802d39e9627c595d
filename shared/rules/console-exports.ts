/**
 * Exports of the organiser's console (docs/product.md#console-exports): what can be exported and in
 * which formats. Zod-free, so the dashboard's buttons and the contract share it.
 */

export const EXPORT_KINDS = ['orders', 'attendees', 'applications', 'exhibitors', 'survey'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

/** The dashboard's own exports; the others sit on their screens (applications, exhibitors, survey). */
export const DASHBOARD_EXPORTS = ['orders', 'attendees'] as const satisfies readonly ExportKind[]

/** What `only=` may narrow an export to: applications to one kind of applicant. */
export const EXPORT_ONLY: Partial<Record<ExportKind, readonly string[]>> = { applications: ['exhibitor', 'attendee'] }

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * GET EXPORTS_PATH?exhibition=&kind=&format=[&only=]: an exhibition's list of one kind, streamed under the
 * staff cookie (its path is the console gateway's), so the console's buttons are plain download links.
 */
export const EXPORTS_PATH = '/gateway/console/exports'

export function exportHref(exhibitionId: number, kind: ExportKind, format: ExportFormat, only?: string | null): string {
  return `${EXPORTS_PATH}?${new URLSearchParams({ exhibition: String(exhibitionId), kind, format, ...(only ? { only } : {}) })}`
}

/**
 * Per instance: exports streaming at once, and waiting their turn beyond those; rows fetched per
 * batch from the cursor; the wait a member is asked to give when the queue is full.
 */
export const EXPORT_LIMITS = { running: 2, waiting: 4, batchRows: 1000, retryAfterSeconds: 30 } as const
