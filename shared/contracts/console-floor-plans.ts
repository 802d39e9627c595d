import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { LOCALES } from '../languages.ts'
import { BOOTH_NUMBER_PATTERN, BOOTH_STATES, BOOTH_TYPES, FLOOR_PLAN_LIMITS, normaliseBoothNumber } from '../rules/floor-plans.ts'
import { isCurrency } from '../rules/money.ts'
import { defineContract } from './define.ts'
import { boothPlace, recordId } from './floor-plans.ts'

/**
 * Floor plans in the organiser's console (docs/product.md#console-floor-plans): an exhibition's
 * halls and booths, edited at the version the manager read (an older one answers 409), and booths
 * assigned to the exhibition's exhibitors. Lengths are decimetres; messages are `console:errors.*` keys.
 */

const id = recordId
const version = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const side = z
  .number({ error: 'console:errors.metres' })
  .int('console:errors.metres')
  .min(FLOOR_PLAN_LIMITS.sideMinDm, 'console:errors.sideTooSmall')
  .max(FLOOR_PLAN_LIMITS.sideMaxDm, 'console:errors.sideTooLarge')
const offset = z
  .number({ error: 'console:errors.metres' })
  .int('console:errors.metres')
  .min(0, 'console:errors.metres')
  .max(FLOOR_PLAN_LIMITS.sideMaxDm, 'console:errors.sideTooLarge')
const currency = z.string({ error: 'console:errors.currency' }).refine(isCurrency, 'console:errors.currency')

export const editorBooth = boothPlace.extend({
  id: z.number().int(),
  hallId: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** Exhibitor passes its package includes (docs/product.md#team-passes). */
  passesIncluded: z.number().int(),
  /** Whether its package lets the exhibitor capture leads (docs/product.md#lead-capture-rule). */
  leadCapture: z.boolean(),
  state: z.enum(BOOTH_STATES),
  /** The exhibitor it is sold to or held for. */
  exhibitor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The booth order that holds or bought it (docs/product.md#booth-checkout); null when assigned or free. */
  order: z.object({ number: z.string(), status: z.enum(['pending', 'paid']) }).nullable(),
  version: z.number().int(),
})

/** A hall's name in the languages other than English (docs/product.md#console-floor-plans): the label is the English one. */
const hallNames = z.partialRecord(z.enum(LOCALES).exclude(['en']), z.string({ error: 'errors.invalid' }).trim().max(FLOOR_PLAN_LIMITS.label, 'errors.tooLong'))

export const editorHall = z.object({
  id: z.number().int(),
  label: z.string(),
  names: z.partialRecord(z.enum(LOCALES), z.string()),
  width: z.number().int(),
  depth: z.number().int(),
  background: z.object({ mediaId: z.string(), src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  sort: z.number().int(),
  version: z.number().int(),
  booths: z.array(editorBooth),
})

export const floorPlanEditorView = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string() }),
  /** The plan's currency; null until its first hall. */
  currency: z.string().nullable(),
  /** What a new plan is priced in: the currency of the exhibition's ticket types, else USD. */
  defaultCurrency: z.string(),
  /** Whether exhibitors choose their booths themselves (docs/product.md#booth-checkout). */
  selfSelection: z.boolean(),
  halls: z.array(editorHall),
  /** The exhibition's active exhibitors, by name, for assigning booths. */
  exhibitors: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

export const floorPlanEditor = defineContract({
  ...CONSOLE.floorPlanEditor,
  payload: z.object({ exhibitionId: id }),
  result: floorPlanEditorView,
})

export const saveHall = defineContract({
  ...CONSOLE.saveHall,
  /** Without `id`: a new hall (the first one also fixes the plan's currency). */
  payload: z.object({
    exhibitionId: id,
    id: id.optional(),
    version: version.optional(),
    label: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(FLOOR_PLAN_LIMITS.label, 'errors.tooLong'),
    /** The other languages' names; one left empty reads the English label. Without it, the names stay as they are. */
    names: hallNames.optional(),
    width: side,
    depth: side,
    backgroundMediaId: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'errors.invalid')
      .nullable()
      .default(null),
    sort: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid').max(1000, 'errors.invalid').default(0),
    currency: currency.optional(),
  }),
  result: floorPlanEditorView,
})

export const deleteHall = defineContract({
  ...CONSOLE.deleteHall,
  payload: z.object({ exhibitionId: id, id, version }),
  result: floorPlanEditorView,
})

export const saveBooth = defineContract({
  ...CONSOLE.saveBooth,
  /** Without `id`: a new booth, available (or blocked). */
  payload: z.object({
    exhibitionId: id,
    id: id.optional(),
    version: version.optional(),
    hallId: id,
    number: z
      .string({ error: 'errors.required' })
      .transform(normaliseBoothNumber)
      .pipe(z.string().min(1, 'errors.required').regex(BOOTH_NUMBER_PATTERN, 'console:errors.boothNumber')),
    x: offset,
    y: offset,
    w: side,
    h: side,
    type: z.enum(BOOTH_TYPES, { error: 'errors.invalid' }),
    priceMinor: z
      .number({ error: 'console:errors.amountFormat' })
      .int('console:errors.amountDigits')
      .min(0, 'console:errors.amountFormat')
      .max(FLOOR_PLAN_LIMITS.priceMinorMax, 'console:errors.amountTooLarge'),
    currency,
    passesIncluded: z
      .number({ error: 'console:errors.passesIncluded' })
      .int('console:errors.passesIncluded')
      .min(0, 'console:errors.passesIncluded')
      .max(FLOOR_PLAN_LIMITS.passesIncludedMax, 'console:errors.passesIncluded')
      .default(0),
    /** Lead capture in the package (docs/product.md#lead-capture-rule); included unless said otherwise. */
    leadCapture: z.boolean({ error: 'errors.invalid' }).default(true),
    /** Kept off sale; only a booth nobody holds or bought may be blocked or freed. */
    blocked: z.boolean({ error: 'errors.invalid' }).default(false),
  }),
  result: floorPlanEditorView,
})

export const deleteBooth = defineContract({
  ...CONSOLE.deleteBooth,
  payload: z.object({ exhibitionId: id, id, version }),
  result: floorPlanEditorView,
})

/** Opens or closes the exhibitors' own choice of booths on the plan (docs/product.md#booth-checkout). */
export const setBoothSelection = defineContract({
  ...CONSOLE.setBoothSelection,
  payload: z.object({ exhibitionId: id, open: z.boolean({ error: 'errors.invalid' }) }),
  result: floorPlanEditorView,
})

export const assignBooth = defineContract({
  ...CONSOLE.assignBooth,
  /**
   * `exhibitorId` null frees the booth. `moveFrom`: the exhibitor's booth it leaves in the same
   * step (a move), with that booth's version.
   */
  payload: z.object({
    exhibitionId: id,
    id,
    version,
    exhibitorId: id.nullable(),
    moveFrom: z.object({ id, version }).optional(),
  }),
  result: floorPlanEditorView,
})
