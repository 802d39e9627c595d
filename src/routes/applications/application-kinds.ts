import { BOOTH_SIZES, EXHIBITING_METHODS, IDENTITIES, INDUSTRIES, LIMITS } from '../../../shared/rules/applications.ts'
import { type SubmitResult, submitAttendeeApplication, submitExhibitorApplication } from '../../api/applications.ts'
import type { GatewayClient } from '../../api/client.ts'
import type { PhoneValue } from '../../lib/phone.ts'
import {
  ATTENDEE_ORDER,
  type AttendeeValues,
  attendeePayload,
  EXHIBITOR_ORDER,
  type ExhibitorValues,
  exhibitorPayload,
  type FieldErrors,
  validateAttendee,
  validateExhibitor,
} from './validate.ts'

/**
 * The two application forms (docs/product.md#application-data) as data: which fields, in which groups, with which rules and
 * which platform function. One form component (application-form.tsx) renders either. Labels and
 * options are keys of the `apply` namespace.
 */

interface Named {
  name: string
  label: string
}
export interface TextSpec extends Named {
  kind: 'text'
  maxLength: number
  autoComplete: string
  type?: 'email' | 'url'
  inputMode?: 'email' | 'url' | 'decimal'
  hint?: string
  /** Not required: says "(optional)" after the label. */
  optional?: boolean
}
export interface OptionsSpec extends Named {
  kind: 'select' | 'choice'
  options: readonly string[]
  /** Key prefix of each option's label (`identity` -> `identity.trader`). */
  optionKey: string
  placeholder?: string
  /** Choices as cards with a hint each (`booth.3x3Hint`). */
  cards?: boolean
}
export interface GroupSpec {
  kind: 'group'
  /** Side by side on wide screens, or the custom booth size's pair. */
  layout: 'grid' | 'customSize'
  fields: FieldSpec[]
  shownWhen?(values: Record<string, unknown>): boolean
}
export type FieldSpec = TextSpec | OptionsSpec | GroupSpec | { kind: 'exhibition' } | { kind: 'phone'; required: boolean }

export interface BaseValues {
  exhibitionId: string
  email: string
  phone: PhoneValue
  /** The honeypot (never shown to people). */
  fax: string
}

export interface ApplicationKind<Values extends BaseValues, Payload> {
  /** Prefix of every control id (`ex-email`). */
  prefix: string
  fields: FieldSpec[]
  /** Field order on the page: the first error in it gets the focus. */
  order: readonly string[]
  initial(common: BaseValues): Values
  validate(values: Values): Promise<FieldErrors>
  toPayload(values: Values): Payload
  send(gateway: GatewayClient, payload: Payload & { idempotencyKey: string }): Promise<SubmitResult>
}

const EMAIL: TextSpec = {
  kind: 'text',
  name: 'email',
  label: 'fields.email',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  maxLength: LIMITS.email,
}
const dimension = (name: string): TextSpec => ({ kind: 'text', name, label: `fields.${name}`, inputMode: 'decimal', autoComplete: 'off', maxLength: 6 })

export const EXHIBITOR: ApplicationKind<ExhibitorValues, ReturnType<typeof exhibitorPayload>> = {
  prefix: 'ex',
  fields: [
    { kind: 'exhibition' },
    { kind: 'choice', name: 'boothSize', label: 'fields.boothSize', options: BOOTH_SIZES, optionKey: 'booth', cards: true },
    { kind: 'group', layout: 'customSize', fields: [dimension('boothWidth'), dimension('boothDepth')], shownWhen: (values) => values.boothSize === 'custom' },
    {
      kind: 'group',
      layout: 'grid',
      fields: [
        { kind: 'text', name: 'companyName', label: 'fields.companyName', autoComplete: 'organization', maxLength: LIMITS.companyName },
        {
          kind: 'text',
          name: 'website',
          label: 'fields.website',
          hint: 'fields.websiteHint',
          type: 'url',
          inputMode: 'url',
          autoComplete: 'url',
          maxLength: LIMITS.website,
          optional: true,
        },
        { kind: 'text', name: 'contactPerson', label: 'fields.contactPerson', autoComplete: 'name', maxLength: LIMITS.contactPerson },
        EMAIL,
      ],
    },
    { kind: 'phone', required: true },
    { kind: 'choice', name: 'method', label: 'fields.method', options: EXHIBITING_METHODS, optionKey: 'method' },
  ],
  order: EXHIBITOR_ORDER,
  initial: (common) => ({ ...common, boothSize: '', boothWidth: '', boothDepth: '', companyName: '', website: '', contactPerson: '', method: '' }),
  validate: validateExhibitor,
  toPayload: exhibitorPayload,
  send: (gateway, payload) => gateway.call(submitExhibitorApplication, payload),
}

export const ATTENDEE: ApplicationKind<AttendeeValues, ReturnType<typeof attendeePayload>> = {
  prefix: 'at',
  fields: [
    { kind: 'exhibition' },
    {
      kind: 'group',
      layout: 'grid',
      fields: [
        { kind: 'text', name: 'surname', label: 'fields.surname', autoComplete: 'family-name', maxLength: LIMITS.surname },
        { kind: 'text', name: 'givenName', label: 'fields.givenName', autoComplete: 'given-name', maxLength: LIMITS.givenName },
      ],
    },
    { kind: 'text', name: 'position', label: 'fields.position', autoComplete: 'organization-title', maxLength: LIMITS.position },
    {
      kind: 'group',
      layout: 'grid',
      fields: [
        { kind: 'select', name: 'identity', label: 'fields.identity', placeholder: 'fields.identityPlaceholder', options: IDENTITIES, optionKey: 'identity' },
        { kind: 'select', name: 'industry', label: 'fields.industry', placeholder: 'fields.industryPlaceholder', options: INDUSTRIES, optionKey: 'industry' },
      ],
    },
    EMAIL,
    { kind: 'phone', required: false },
  ],
  order: ATTENDEE_ORDER,
  initial: (common) => ({ ...common, surname: '', givenName: '', position: '', identity: '', industry: '' }),
  validate: validateAttendee,
  toPayload: attendeePayload,
  send: (gateway, payload) => gateway.call(submitAttendeeApplication, payload),
}
