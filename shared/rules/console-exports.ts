/**
 * Exports of the organiser's console (docs/product.md#console-exports): what can be exported and in
 * which formats. Zod-free, so the dashboard's buttons and the contract share it.
 */

export const EXPORT_KINDS = ['orders', 'attendees'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
