import { BOOTH_TYPES } from '../rules/floor-plans.ts'
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { z } from 'zod'
import {
  ATTENDEE_LIMITS,
  cleanName,
  emailKey,
  hasForbiddenCharacters,
  IDENTITIES,
  INDUSTRIES,
  isEmail,
  MAX_TICKETS_PER_ORDER,
  MESSAGES,
  normaliseCouponCode,
  PAYMENT_METHODS,
  PROMPTS,
  ticketCount,
} from '../rules/tickets.ts'
import { NEXT_STEPS } from '../checkout-steps.ts'
import { TICKETS } from '../functions/tickets.ts'
import { LEAD_FIELDS } from '../rules/leads.ts'
import { TICKET_QUESTION_KINDS, TICKET_QUESTION_LIMITS } from '../rules/ticket-questions.ts'
import { defineContract } from './define.ts'
import { companyInvoice, companyInvoiceView, documentSummary } from './invoices.ts'

/**
 * Tickets, orders, coupons and payments (docs/product.md#orders). Every function touching an order
 * needs a logged-in user and sees only that user's orders. Messages are keys of the `tickets`
 * namespace (field errors keyed like `attendees.1.email`), or `errors.*` of `common`.
 */

const instant = z.string()
const money = z.number().int()

const exhibitionId = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647)
/** A waiting-list offer's personal link token (base64url of 24 random bytes). */
const offerToken = z.string({ error: 'errors.invalid' }).regex(/^[A-Za-z0-9_-]{32}$/, 'tickets:waitingList.offerNotFound')
const orderNumber = z
  .string({ error: 'errors.notFound' })
  .trim()
  .toUpperCase()
  .regex(/^T-[0-9A-HJKMNP-TV-Z]{10}$/, 'errors.notFound')

const line = z.object({
  ticketTypeId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(0).max(MAX_TICKETS_PER_ORDER, MESSAGES.ticketLimit),
})

/** A selection of tickets: at most five in all (docs/product.md#tickets), at least one. Lines of zero are dropped. */
const lines = z
  .array(line)
  .max(20)
  .transform((value) => value.filter((item) => item.quantity > 0))
  .check((context) => {
    const count = ticketCount(context.value)
    if (count === 0) context.issues.push({ code: 'custom', message: MESSAGES.noTickets, input: context.value })
    else if (count > MAX_TICKETS_PER_ORDER) context.issues.push({ code: 'custom', message: MESSAGES.ticketLimit, input: context.value })
    if (new Set(context.value.map((item) => item.ticketTypeId)).size !== context.value.length) {
      context.issues.push({ code: 'custom', message: 'errors.invalid', input: context.value })
    }
  })

/** An optional coupon code; '' means none. */
const couponCode = z
  .string({ error: MESSAGES.couponInvalid })
  .max(64, MESSAGES.couponInvalid)
  .transform(normaliseCouponCode)
  .pipe(z.string().max(ATTENDEE_LIMITS.couponCode, MESSAGES.couponInvalid))

const requiredName = (prompt: string, max: number) =>
  z
    .string({ error: prompt })
    .transform(cleanName)
    .pipe(
      z
        .string()
        .min(1, prompt)
        .max(max, MESSAGES.tooLong)
        .refine((value) => !hasForbiddenCharacters(value), MESSAGES.characters),
    )

/**
 * An optional single-line text (company, position): cleaned like a name, '' when not given, any script
 * kept as typed (docs/product.md#attendee-form).
 */
const optionalText = (max: number) =>
  z
    .string({ error: 'errors.invalid' })
    .transform(cleanName)
    .pipe(
      z
        .string()
        .max(max, MESSAGES.tooLong)
        .refine((value) => !hasForbiddenCharacters(value), MESSAGES.characters),
    )

const email = z
  .string({ error: PROMPTS.email })
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, PROMPTS.email)
      .refine((value) => isEmail(value), MESSAGES.email),
  )

/**
 * A phone number with the country of its dialling code, as the phone field gives it: checked with
 * libphonenumber's full metadata and kept in E.164 (the browser's check uses the small metadata;
 * this one decides).
 */
const phone = z
  .object(
    {
      country: z.string({ error: PROMPTS.phone }).regex(/^[A-Z]{2}$/, MESSAGES.phone),
      number: z.string({ error: PROMPTS.phone }).max(ATTENDEE_LIMITS.phoneNumber, MESSAGES.phone),
    },
    { error: PROMPTS.phone },
  )
  .transform((value, context) => {
    const typed = value.number.trim()
    if (!typed) {
      context.addIssue({ code: 'custom', message: PROMPTS.phone })
      return z.NEVER
    }
    if (hasForbiddenCharacters(typed) || !/^[+\d\s().-]+$/.test(typed)) {
      context.addIssue({ code: 'custom', message: MESSAGES.phone })
      return z.NEVER
    }
    const international = typed.replace(/^00/, '+')
    const parsed = international.startsWith('+') ? parsePhoneNumberFromString(international) : parsePhoneNumberFromString(typed, value.country as CountryCode)
    if (!parsed?.isValid()) {
      context.addIssue({ code: 'custom', message: MESSAGES.phone })
      return z.NEVER
    }
    return { e164: parsed.number as string, country: parsed.country ?? value.country }
  })

/** Each field at most once, in the list's order, so equal choices are stored alike. */
const leadShares = z
  .array(z.enum(LEAD_FIELDS, { error: 'errors.invalid' }), { error: 'errors.invalid' })
  .max(LEAD_FIELDS.length, 'errors.invalid')
  .transform((fields) => LEAD_FIELDS.filter((field) => fields.includes(field)))

export const attendeeInput = z.object({
  firstName: requiredName(PROMPTS.firstName, ATTENDEE_LIMITS.firstName),
  lastName: requiredName(PROMPTS.lastName, ATTENDEE_LIMITS.lastName),
  company: optionalText(ATTENDEE_LIMITS.company).optional().default(''),
  jobTitle: optionalText(ATTENDEE_LIMITS.jobTitle).optional().default(''),
  email,
  phone,
  identity: z.enum(IDENTITIES, { error: PROMPTS.identity }),
  industry: z.enum(INDUSTRIES, { error: PROMPTS.industry }),
  /** What exhibitors who scan this badge may receive (docs/product.md#leads); nothing unless chosen. */
  shares: leadShares.optional().default([]),
})

/**
 * An attendee's answers to the organiser's questions (docs/product.md#ticket-questions), by question id:
 * text, a choice id, choice ids or yes/no, each within the rules' limits. Which questions a ticket is
 * asked and what each accepts is the questions' own (checkTicketAnswers on the server); a wrong one
 * comes back as `attendees.<n>.answers.<id>`.
 */
export const ticketAnswers = z
  .record(
    z.string().regex(/^\d{1,9}$/, 'errors.invalid'),
    z.union([
      z.string().max(TICKET_QUESTION_LIMITS.answerLongText * 2, 'tickets:questions.errors.tooLong'),
      z.array(z.string().max(8)).max(TICKET_QUESTION_LIMITS.choicesMax),
      z.boolean(),
    ]),
    { error: 'errors.invalid' },
  )
  .refine((answers) => Object.keys(answers).length <= TICKET_QUESTION_LIMITS.questionsMax, 'errors.invalid')

const checkoutAttendee = attendeeInput.extend({ answers: ticketAnswers.optional().default({}) })

/**
 * One form per ticket; e-mail addresses and phone numbers must differ within the order (docs/product.md#attendee-form
 * "Repeated email address", "Repeated phone number"). The check runs even when other fields of the
 * forms failed, so the buyer learns every problem at once; the later of two equal values is marked.
 */
const attendees = z
  .array(checkoutAttendee, { error: MESSAGES.attendeeCount })
  .min(1, MESSAGES.attendeeCount)
  .max(MAX_TICKETS_PER_ORDER, MESSAGES.ticketLimit)
  .superRefine(
    (value, context) => {
      // `when: () => true` runs this even when the array itself is invalid, so the input may be anything.
      if (!Array.isArray(value)) return
      const emails = new Map<string, number>()
      const phones = new Map<string, number>()
      value.forEach((item: unknown, index) => {
        if (!item || typeof item !== 'object') return
        const raw = item as { email?: unknown; phone?: unknown }
        if (typeof raw.email === 'string' && isEmail(raw.email.trim())) {
          const key = emailKey(raw.email)
          if (emails.has(key)) context.addIssue({ code: 'custom', message: MESSAGES.emailRepeated, path: [index, 'email'] })
          else emails.set(key, index)
        }
        const e164 = raw.phone && typeof raw.phone === 'object' && 'e164' in raw.phone ? (raw.phone as { e164: unknown }).e164 : null
        if (typeof e164 === 'string') {
          if (phones.has(e164)) context.addIssue({ code: 'custom', message: MESSAGES.phoneRepeated, path: [index, 'phone'] })
          else phones.set(e164, index)
        }
      })
    },
    { when: () => true },
  )

export const AVAILABILITIES = ['available', 'few', 'soldOut', 'notYet', 'ended'] as const
export const ORDER_STATUSES = ['pending', 'checking', 'paid', 'cancelled'] as const

export const exhibitionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  city: z.string(),
  venueName: z.string(),
  address: z.string(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  /** ISO 3166 alpha-2 of the venue. */
  countryCode: z.string(),
  /** docs/product.md#attendee-changes: null closes changes at the start. */
  attendeeChangesUntil: instant.nullable(),
  /** docs/product.md#refund-policy */
  refundPolicy: z.object({
    selfCancel: z.boolean(),
    fullUntil: instant.nullable(),
    partialUntil: instant.nullable(),
    partialPercent: z.number().int().nullable(),
  }),
})

export const ticketTypeCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceMinor: money,
  currency: z.string(),
  maxPerOrder: z.number().int(),
  /** Coarse on purpose: never the exact number left. */
  availability: z.enum(AVAILABILITIES),
  salesStartAt: instant.nullable(),
  salesEndAt: instant.nullable(),
})

export const ticketTypesResult = z.object({
  exhibition: exhibitionSummary,
  /** docs/product.md#exhibition-states: the exhibition state decides whether anything can be bought. */
  state: z.enum(['lookingForward', 'signingUp', 'inProgress', 'ended']),
  onSale: z.boolean(),
  salesOpenAt: instant.nullable(),
  types: z.array(ticketTypeCard),
  maxPerOrder: z.number().int(),
})

export const couponPreview = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed', 'freeTicket']),
  percentOff: z.number().int().nullable(),
  amountOffMinor: money.nullable(),
  currency: z.string().nullable(),
  /** The ticket types it applies to; empty: every type. */
  ticketTypeIds: z.array(z.number().int()),
})

const orderLine = z.object({
  ticketTypeId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceMinor: money,
})

/** A file answer (docs/product.md#ticket-question-files): its token opens it for whoever may read the order. */
export const answerFile = z.object({ token: z.string(), name: z.string(), kind: z.enum(['image', 'pdf']), bytes: z.number().int() })

/** An answer as people read it; a file answer's text is the file's name. */
export const answerText = z.object({ questionId: z.number().int(), question: z.string(), answer: z.string(), file: answerFile.optional() })

const attendeeView = z.object({
  position: z.number().int(),
  ticketTypeId: z.number().int(),
  ticketName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** '' when not given. */
  company: z.string(),
  jobTitle: z.string(),
  email: z.string(),
  /** number: national digits for the phone field; international: how people read it (+44 7400 123456). */
  phone: z.object({ country: z.string(), number: z.string(), e164: z.string(), international: z.string() }),
  identity: z.enum(IDENTITIES),
  industry: z.enum(INDUSTRIES),
  shares: z.array(z.enum(LEAD_FIELDS)),
  /** The answers as the form holds them, and as people read them (docs/product.md#ticket-questions). */
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean()])),
  answerTexts: z.array(answerText),
})

/** One of the organiser's questions in the visitor's language (shared/rules/ticket-questions.ts TicketQuestionView). */
export const ticketQuestion = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_QUESTION_KINDS),
  required: z.boolean(),
  text: z.string(),
  help: z.string(),
  ticketTypeIds: z.array(z.number().int()),
  choices: z.array(z.object({ id: z.string(), label: z.string() })),
  min: z.number().nullable(),
  max: z.number().nullable(),
})

/**
 * A ticket handed to someone else (docs/product.md#ticket-transfer): waiting for the address it was sent
 * to, or accepted (its new holder named, nothing more of them).
 */
const ticketTransferState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), recipientEmail: z.string(), expiresAt: instant }),
  z.object({ state: z.literal('transferred'), holder: z.string() }),
])

const eTicket = z.object({
  id: z.string(),
  position: z.number().int(),
  holder: z.string(),
  ticketName: z.string(),
  /** The signed text the QR code carries. */
  code: z.string(),
  /** The QR code as an SVG data URL (no script, no style attribute). */
  qr: z.string(),
})

export const orderSummary = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  cancelReason: z.enum(['buyer', 'expired', 'staff']).nullable(),
  exhibition: exhibitionSummary,
  createdAt: instant,
  expiresAt: instant,
  paidAt: instant.nullable(),
  cancelledAt: instant.nullable(),
  currency: z.string(),
  subtotalMinor: money,
  discountMinor: money,
  totalMinor: money,
  couponCode: z.string().nullable(),
  lines: z.array(orderLine),
  ticketCount: z.number().int(),
  /** Where "continue" leads for a pending order. */
  nextStep: z.enum(NEXT_STEPS),
  /**
   * What a booth order buys (docs/product.md#booth-checkout), null for a ticket order: the booth, and
   * the exhibitor it is for (the company its invoice names), whose area the buyer returns to.
   */
  booth: z
    .object({
      number: z.string(),
      hall: z.string(),
      type: z.enum(BOOTH_TYPES),
      widthM: z.number(),
      depthM: z.number(),
      exhibitorId: z.number().int(),
      company: z.string(),
    })
    .nullable(),
  /**
   * What a services order buys (docs/product.md#exhibitor-forms), null for other orders: the form's
   * items as ordered, and the exhibitor they are for, whose area the buyer returns to.
   */
  services: z
    .object({
      lines: z.array(z.object({ label: z.string(), unit: z.string(), quantity: z.number().int(), unitPriceMinor: money })),
      exhibitorId: z.number().int(),
      company: z.string(),
    })
    .nullable()
    .default(null),
})

export const orderDetail = orderSummary.extend({
  /** The server's clock when it answered (countdowns run from it, not from the phone's clock). */
  serverNow: instant,
  buyerEmail: z.string(),
  coupon: couponPreview.nullable(),
  attendees: z.array(attendeeView),
  /** The exhibition's own questions (each asked for the ticket types it names), and for a country question the names to choose from. */
  questions: z.array(ticketQuestion),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Whether attendees may still change their answers (`attendeeChangesOpen` in shared/rules/tickets.ts, docs/product.md#attendee-changes). */
  answersOpen: z.boolean(),
  confirmed: z.boolean(),
  payment: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(['creating', 'open', 'processing', 'succeeded', 'failed', 'cancelled']),
    })
    .nullable(),
  /** Money arrived that could not buy this order (it had expired or was cancelled): it will be refunded. */
  refundDue: z.boolean(),
  /** That money: on its way back (as `refundDue`), or refunded to the payer's payment method. */
  refundState: z.enum(['pending', 'refunded']).nullable().optional(),
  /** Payment methods offered now (sandbox, card when Stripe is configured, bank transfer where the exhibition offers it). */
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** The open bank transfer's instructions (docs/product.md#bank-transfer): the account, the amount, the reference and the deadline. */
  bankTransfer: z
    .object({
      reference: z.string(),
      holder: z.string(),
      iban: z.string().nullable(),
      bic: z.string().nullable(),
      accountNumber: z.string().nullable(),
      bankName: z.string().nullable(),
      amountMinor: money,
      currency: z.string(),
      dueAt: instant,
    })
    .nullable(),
  tickets: z.array(eTicket),
  /** docs/product.md#refund-policy: the tickets its buyer may cancel now, each with what would come back. */
  selfCancel: z.array(z.object({ ticketId: z.string(), refundMinor: money })),
  /** docs/product.md#ticket-transfer: per position, a transfer waiting for its recipient or done, and which tickets may be handed on now. */
  transfers: z.array(z.object({ position: z.number().int(), transfer: ticketTransferState })).default([]),
  transferable: z.array(z.number().int()).default([]),
  /** The exhibition as an iCalendar file (paid orders). */
  calendar: z.string().nullable(),
  /** What the success page's scan-to-download code opens. */
  appLink: z.object({ kind: z.enum(['app', 'tickets']), url: z.string(), qr: z.string() }).nullable(),
  /** The company the buyer asked an invoice for (null: none), and the order's invoice and credit notes. */
  invoiceRequest: companyInvoiceView.nullable(),
  documents: z.array(documentSummary.extend({ file: z.string() })),
})

export const ticketTypes = defineContract({
  ...TICKETS.ticketTypes,
  payload: z.object({ exhibitionId }),
  result: ticketTypesResult,
})

/** Checks a code before ordering (limited against guessing); the order holds it atomically. */
export const checkCoupon = defineContract({
  ...TICKETS.checkCoupon,
  payload: z.object({
    exhibitionId,
    code: z
      .string({ error: MESSAGES.couponEmpty })
      .max(64, MESSAGES.couponInvalid)
      .transform(normaliseCouponCode)
      .pipe(z.string().min(1, MESSAGES.couponEmpty)),
  }),
  result: couponPreview,
})

export const createOrder = defineContract({
  ...TICKETS.createOrder,
  payload: z.object({
    exhibitionId,
    lines,
    couponCode: couponCode.default(''),
    /** Re-registering: the cancelled order whose attendees the new one starts from. */
    fromOrder: orderNumber.optional(),
    /** A fresh UUID per selection: a retried request answers the same order. */
    idempotencyKey: z.uuid({ error: 'errors.invalid' }),
    /** The personal link's token of a waiting-list offer the order buys (docs/product.md#waiting-list). */
    waitingOffer: offerToken.optional(),
  }),
  result: orderDetail,
})

/** "Change ticket type": new quantities for a pending order; its attendee data stays. */
export const changeTickets = defineContract({
  ...TICKETS.changeTickets,
  payload: z.object({ orderNumber, lines, couponCode: couponCode.default('') }),
  result: orderDetail,
})

export const saveAttendees = defineContract({
  ...TICKETS.saveAttendees,
  payload: z.object({ orderNumber, attendees }),
  result: orderDetail,
})

/** Before paying: an invoice for the buyer's company when the order is paid (null: none). */
export const requestInvoice = defineContract({
  ...TICKETS.requestInvoice,
  payload: z.object({ orderNumber, invoice: companyInvoice.nullable() }),
  result: orderDetail,
})

/** The review step: the buyer confirms; a free order is paid at once (it skips payment). */
export const confirmOrder = defineContract({
  ...TICKETS.confirmOrder,
  payload: z.object({ orderNumber }),
  result: orderDetail,
})

/** Starts (or resumes: the same attempt twice) a payment; the page goes to `redirectUrl`. */
export const startPayment = defineContract({
  ...TICKETS.startPayment,
  payload: z.object({ orderNumber, method: z.enum(PAYMENT_METHODS, { error: 'messages.methodRequired' }) }),
  result: z.object({ redirectUrl: z.string(), attemptId: z.string() }),
})

/** The payer came back from the provider: asks it where the payment stands, then answers the order. */
export const checkPayment = defineContract({
  ...TICKETS.checkPayment,
  payload: z.object({ orderNumber }),
  result: orderDetail,
})

export const getOrder = defineContract({
  ...TICKETS.getOrder,
  payload: z.object({ orderNumber }),
  result: orderDetail,
})

/** A live e-ticket someone else bought for the signed-in person's verified address (docs/product.md#attendee-changes). */
const heldTicket = z.object({
  orderNumber: z.string(),
  position: z.number().int(),
  /** The e-ticket's id: its wallet passes' addresses (docs/product.md#wallet-passes). */
  ticketId: z.string(),
  exhibitionTitle: z.string(),
  ticketName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  email: z.string(),
  code: z.string(),
  /** The QR code as an SVG data URL. */
  qr: z.string(),
  /** Until the cut-off the holder may change the name, company and position. */
  changesOpen: z.boolean(),
  /** The holder may hand it on now; a transfer of it waiting for its recipient (docs/product.md#ticket-transfer). */
  transferOpen: z.boolean().default(false),
  /** The venue's time zone, in which a transfer's deadline reads. */
  timeZone: z.string().default('UTC'),
  transfer: z.object({ recipientEmail: z.string(), expiresAt: instant }).nullable().default(null),
})

export type HeldTicket = z.output<typeof heldTicket>

export const myOrders = defineContract({
  ...TICKETS.myOrders,
  payload: z.object({ limit: z.number().int().min(1).max(50).default(20), before: z.iso.datetime({ offset: true, error: 'errors.invalid' }).optional() }),
  /** held: with the first page only, the tickets others bought in the caller's name (docs/product.md#attendee-changes). */
  result: z.object({ items: z.array(orderSummary), more: z.boolean(), held: z.array(heldTicket) }),
})

export const cancelOrder = defineContract({
  ...TICKETS.cancelOrder,
  payload: z.object({ orderNumber }),
  result: orderDetail,
})

/**
 * The buyer cancels one ticket under the refund policy; `expectedRefundMinor` is the amount the page
 * showed (a different amount now is refused with the new one, never refunded silently).
 */
export const cancelTicket = defineContract({
  ...TICKETS.cancelTicket,
  payload: z.object({
    orderNumber,
    ticketId: z.uuid({ error: 'errors.invalid' }),
    expectedRefundMinor: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid'),
  }),
  result: orderDetail,
})

/**
 * The buyer, or the attendee signed in with the ticket's address, changes what exhibitors who scan it
 * may receive (docs/product.md#leads). A lead shows the consent as it is when read.
 */
export const setTicketShares = defineContract({
  ...TICKETS.setTicketShares,
  payload: z.object({
    orderNumber,
    position: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid'),
    shares: leadShares,
  }),
  result: z.object({ position: z.number().int(), shares: z.array(z.enum(LEAD_FIELDS)) }),
})

/**
 * The buyer, or the attendee signed in with the ticket's address, changes the ticket's answers until
 * the cut-off (docs/product.md#ticket-questions).
 */
export const setTicketAnswers = defineContract({
  ...TICKETS.setTicketAnswers,
  payload: z.object({
    orderNumber,
    position: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid'),
    answers: ticketAnswers,
  }),
  result: z.object({ position: z.number().int(), answers: attendeeView.shape.answers, answerTexts: attendeeView.shape.answerTexts }),
})

/**
 * The buyer, or the attendee signed in with the ticket's address, corrects the name, company and
 * position on a ticket until the cut-off; a new name re-issues the e-ticket (docs/product.md#attendee-changes).
 */
export const changeMyAttendee = defineContract({
  ...TICKETS.changeMyAttendee,
  payload: z.object({
    orderNumber,
    position: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid'),
    firstName: attendeeInput.shape.firstName,
    lastName: attendeeInput.shape.lastName,
    company: attendeeInput.shape.company,
    jobTitle: attendeeInput.shape.jobTitle,
  }),
  /** reissued: the ticket has a new code now, and the old one opens no door. */
  result: z.object({ position: z.number().int(), reissued: z.boolean() }),
})

export type AttendeeInput = z.input<typeof attendeeInput>
export type TicketQuestion = z.output<typeof ticketQuestion>
export type ParsedAttendee = z.output<typeof attendeeInput>
export type Availability = (typeof AVAILABILITIES)[number]
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export type CouponPreview = z.output<typeof couponPreview>
export type TicketTypeCard = z.output<typeof ticketTypeCard>
export type TicketTypesResult = z.output<typeof ticketTypesResult>
export type OrderSummary = z.output<typeof orderSummary>
export type OrderDetail = z.output<typeof orderDetail>
export type ExhibitionSummary = z.output<typeof exhibitionSummary>

const ticketTypeId = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647)

export const waitingEntry = z.object({
  ticketTypeId: z.number().int(),
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  /** The venue's time zone, in which the offer's deadline reads. */
  timeZone: z.string(),
  typeName: z.string(),
  quantity: z.number().int(),
  state: z.enum(['waiting', 'offered']),
  /** 1 for the first in line; null once offered. */
  place: z.number().int().nullable(),
  offeredQuantity: z.number().int().nullable(),
  offerUntil: z.string().nullable(),
  /** The offer's personal link token (the mail's), for its owner's "Buy the tickets held for you" in My account. */
  offerToken: z.string().nullable(),
})

/** Joins a sold-out type's waiting list, or changes the quantity of the place held. */
export const joinWaitingList = defineContract({
  ...TICKETS.joinWaitingList,
  payload: z.object({ ticketTypeId, quantity: z.number({ error: 'errors.invalid' }).int().min(1).max(MAX_TICKETS_PER_ORDER) }),
  result: waitingEntry,
})

export const leaveWaitingList = defineContract({
  ...TICKETS.leaveWaitingList,
  payload: z.object({ ticketTypeId }),
  result: z.object({ left: z.literal(true) }),
})

/** The account's places in waiting lists (of one exhibition, or all). */
export const myWaitingList = defineContract({
  ...TICKETS.myWaitingList,
  payload: z.object({ exhibitionId: exhibitionId.optional() }),
  result: z.object({ entries: z.array(waitingEntry) }),
})

/** What a personal offer link holds for its owner. */
export const waitingOffer = defineContract({
  ...TICKETS.waitingOffer,
  payload: z.object({ token: offerToken }),
  result: z.object({ ticketTypeId: z.number().int(), exhibitionId: z.number().int(), quantity: z.number().int(), offerUntil: z.string() }),
})

/** "I no longer need them": the offer passes on at once. */
export const declineWaitingOffer = defineContract({
  ...TICKETS.declineWaitingOffer,
  payload: z.object({ token: offerToken }),
  result: z.object({ declined: z.literal(true) }),
})

const ticketPosition = z.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(5, 'errors.invalid')
/** A transfer's personal link token (base64url of 24 random bytes); anything else is the same 404 as a wrong one. */
const transferToken = z.string({ error: 'errors.notFound' }).regex(/^[A-Za-z0-9_-]{32}$/, 'errors.notFound')

/**
 * The buyer, or the holder signed in with the ticket's address, offers the ticket to another address
 * (docs/product.md#ticket-transfer); the recipient is mailed a personal link.
 */
export const transferTicket = defineContract({
  ...TICKETS.transferTicket,
  payload: z.object({
    orderNumber,
    position: ticketPosition,
    email,
    message: z
      .string({ error: 'errors.invalid' })
      .transform((value) => value.normalize('NFC').trim())
      .pipe(z.string().max(500, 'tickets:transfer.messageTooLong'))
      .refine((value) => !hasForbiddenCharacters(value.replace(/\n/g, ' ')), 'tickets:transfer.messageTooLong')
      .optional()
      .default(''),
  }),
  result: z.object({ position: z.number().int(), recipientEmail: z.string(), expiresAt: instant }),
})

/** The sender takes back a transfer not yet accepted; its link stops working. */
export const cancelTransfer = defineContract({
  ...TICKETS.cancelTransfer,
  payload: z.object({ orderNumber, position: ticketPosition }),
  result: z.object({ cancelled: z.literal(true) }),
})

/** What a transfer's link offers its recipient, signed in with the address it was sent to. */
export const transferOffer = defineContract({
  ...TICKETS.transferOffer,
  payload: z.object({ token: transferToken }),
  result: z.object({
    state: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'lapsed']),
    exhibitionTitle: z.string(),
    ticketName: z.string(),
    ticketTypeId: z.number().int(),
    sender: z.string(),
    /** The address it was sent to: the new holder's, which the form shows and does not ask. */
    recipientEmail: z.string(),
    message: z.string(),
    expiresAt: instant,
    timeZone: z.string(),
    questions: z.array(ticketQuestion),
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
})

/** The recipient accepts with their own attendee form (the address is the one the transfer was sent to). */
export const acceptTransfer = defineContract({
  ...TICKETS.acceptTransfer,
  payload: z.object({
    token: transferToken,
    attendee: attendeeInput.omit({ email: true }).extend({ answers: ticketAnswers.optional().default({}) }),
  }),
  result: z.object({ orderNumber: z.string(), position: z.number().int() }),
})

export const declineTransfer = defineContract({
  ...TICKETS.declineTransfer,
  payload: z.object({ token: transferToken }),
  result: z.object({ declined: z.literal(true) }),
})

export type TransferOffer = z.output<typeof transferOffer.result>
