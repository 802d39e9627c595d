/**
 * Exhibitors' tasks and deadlines (docs/product.md#exhibitor-tasks): what the organiser's checklist,
 * the exhibitor area and the reminders agree on. Zod-free, so pages and the console import it directly.
 */

/**
 * `profile` is done when the profile has no gaps, `logo` when a logo is there, `passes` when the
 * exhibitor may name passes and every one is named (all by the facts); `custom` when an admin of the
 * exhibitor confirms it; `manual` when a member of the exhibitor has opened the organiser's PDF
 * (docs/product.md#exhibitor-manual); `form` (a priced form: power, furniture) when an order of it is
 * paid (docs/product.md#exhibitor-forms).
 */
export const TASK_KINDS = ['profile', 'logo', 'custom', 'passes', 'manual', 'form'] as const
export type TaskKind = (typeof TASK_KINDS)[number]

/** Kinds an exhibitor's admin confirms by hand; the others follow the profile. */
export const CONFIRMED_KINDS: readonly TaskKind[] = ['custom']

export const TASK_STATES = ['done', 'due', 'overdue'] as const
export type TaskState = (typeof TASK_STATES)[number]

/** The reminders mailed before a task's day, and how many days before it each goes. */
export const REMINDER_KINDS = ['week', 'day'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

export const TASK_LIMITS = {
  title: 120,
  instructions: 2000,
  /** Tasks of one exhibition. */
  perExhibition: 40,
} as const

/** A priced form's items (docs/product.md#exhibitor-forms). */
export const FORM_LIMITS = {
  items: 20,
  label: 120,
  unit: 20,
  /** The most of one item an exhibitor may order. */
  maxQuantity: 999,
} as const

/** Translation keys of the refusals of priced forms: the console's, then the exhibitor area's. */
export const FORM_MESSAGES = {
  noItems: 'console:errors.formNoItems',
  englishLabel: 'console:errors.formEnglishLabel',
  price: 'console:errors.formPrice',
  priceDigits: 'console:errors.formPriceDigits',
  maxQuantity: 'console:errors.formMaxQuantity',
  currency: 'console:errors.formCurrency',
  quantity: 'exhibitor:errors.formQuantity',
  overMax: 'exhibitor:errors.formOverMax',
  empty: 'exhibitor:errors.formEmpty',
  priceChanged: 'exhibitor:errors.formPriceChanged',
  changed: 'exhibitor:errors.formChanged',
  tooMuch: 'exhibitor:errors.formTooMuch',
  ordered: 'exhibitor:errors.formOrdered',
  notForm: 'exhibitor:errors.formNotForm',
} as const

/** A form's total in minor units: the sum of quantity × unit price. */
export function formTotal(lines: ReadonlyArray<{ quantity: number; unitPriceMinor: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
}
/** The exhibitor manual's PDFs (docs/product.md#exhibitor-manual). */
export const MANUAL_LIMITS = {
  /** Megabytes of one PDF: a manual with floor drawings and photos, not a catalogue of the show. */
  mb: 20,
  /** Characters of the uploaded file's name kept. */
  name: 200,
} as const

/** Where the console uploads a manual's PDF (multipart, field `file`, `?exhibition=&task=&locale=`). */
export const MANUAL_UPLOAD_PATH = '/gateway/console/exhibitor-manual'
export const MANUAL_FIELD = 'file'

/** What every PDF starts with (ISO 32000-2, 7.5.2); a picture renamed .pdf does not. */
export const PDF_MAGIC = '%PDF-'

/**
 * Where a member downloads the manual of a task, in the page's language along the content fallback:
 * under the language's pages, so the login cookie is read as for a page and a plain link works.
 */
export function manualPath(lang: string, exhibitorId: number, taskId: number): string {
  return `/${lang}/exhibitor/${exhibitorId}/manual/${taskId}.pdf`
}
export const MANUAL_ROUTE = '/:lang/exhibitor/:exhibitor/manual/:file'

/** Translation keys of the console's refusals (`console:errors.*`, in locales/<12>/console.json). */
export const TASK_MESSAGES = {
  englishTitle: 'console:errors.taskEnglishTitle',
  titleMissing: 'console:errors.taskTitleMissing',
  tooLong: 'errors.tooLong',
  dueDate: 'console:errors.taskDueDate',
  dueAfterStart: 'console:errors.taskDueAfterStart',
  changed: 'console:errors.taskChanged',
  notFound: 'console:errors.taskNotFound',
  tooMany: 'console:errors.taskTooMany',
  order: 'console:errors.taskOrder',
  manualNotPdf: 'console:errors.manualNotPdf',
  manualTooLarge: 'console:errors.manualTooLarge',
  manualKind: 'console:errors.manualKind',
  manualFailed: 'console:errors.manualFailed',
} as const

/** Whole days from the venue's today to the due day (both YYYY-MM-DD): 0 on the day, negative after it. */
export function daysLeft(today: string, dueOn: string): number {
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

export function taskState(done: boolean, today: string, dueOn: string): TaskState {
  if (done) return 'done'
  return daysLeft(today, dueOn) < 0 ? 'overdue' : 'due'
}

/**
 * The reminder a task not done calls for on the venue's `today`: the week's from seven days before
 * its day, the day's from the day before through the day itself; none after it. A task added five
 * days before its day still gets the week's, then the day's.
 */
export function reminderDue(today: string, dueOn: string): ReminderKind | null {
  const left = daysLeft(today, dueOn)
  if (left < 0) return null
  if (left <= 1) return 'day'
  if (left <= 7) return 'week'
  return null
}
