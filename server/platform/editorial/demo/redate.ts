import type { DemoShift } from '../../../content/demo-dates.ts'
import type { ContentFile } from '../../platform.ts'

/**
 * The demo shift (server/content/demo-dates.ts) for news, videos and bulletins: the publication
 * time moves, and `{{year}}` in any text is the year it is published once shifted. Works on the
 * files as read, before validation; what it does not understand stays as written.
 */

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value)

function redatePublished(fields: Fields, shift: DemoShift): { fields: Fields; year: number | null } {
  if (!('publishedAt' in fields)) return { fields, year: null }
  return { fields: { ...fields, publishedAt: shift.instant(fields.publishedAt) }, year: shift.yearOf(fields.publishedAt) }
}

/** News files are Markdown: `{ frontMatter, body }`. */
export function redateArticle(file: ContentFile, shift: DemoShift): ContentFile {
  if (!isFields(file.data) || !isFields(file.data.frontMatter)) return file
  const { fields, year } = redatePublished(file.data.frontMatter, shift)
  return { name: file.name, data: { frontMatter: shift.fillYears(fields, year), body: shift.fillYears(file.data.body, year) } }
}

/** Videos and bulletins are JSON with `publishedAt` at the top. */
export function redatePublishedJson(file: ContentFile, shift: DemoShift): ContentFile {
  if (!isFields(file.data)) return file
  const { fields, year } = redatePublished(file.data, shift)
  return { name: file.name, data: shift.fillYears(fields, year) }
}
