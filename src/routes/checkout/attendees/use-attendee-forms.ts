import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AttendeeDraft, Identity, Industry } from '../../../../shared/rules/tickets.ts'
import { type OrderDetail, saveAttendees } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { orderPath } from '../../../../shared/checkout-steps.ts'
import { useVisitorGeo } from '../../../lib/visitor-country.ts'
import { fieldText } from '../refusal.ts'
import { useOrderAction } from '../use-order-action.ts'
import { draftStore, initialDrafts } from './drafts.ts'
import { type Errors, FIELDS, type Field, validateAttendees } from './validate.ts'

export const fieldId = (index: number, field: Field) => `attendee-${index + 1}-${field}`

/** The platform's field paths (`attendees.0.email`) as the form's keys (`0.email`). */
function attendeeErrors(fields: Record<string, string>): Errors {
  const errors: Errors = {}
  for (const [path, key] of Object.entries(fields)) {
    const match = /^attendees\.(\d+)\.(\w+)/.exec(path)
    if (match) errors[`${match[1]}.${match[2]}`] = key
  }
  return errors
}

/**
 * The attendee forms' state: one draft per ticket, kept in session storage until saved; errors
 * checked on submit and then as the buyer corrects them; the focus on the first field with a problem
 * (WCAG 3.3.1); the phone's country following the visitor's until chosen.
 */
export function useAttendeeForms(order: OrderDetail) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  // The visitor's country, else the venue's: a visitor of a show in Manila more likely has a Philippine
  // number than one of the page language's flag.
  const country = useVisitorGeo() ?? order.exhibition.countryCode
  const store = useMemo(() => draftStore(order.number), [order.number])
  const [drafts, setDrafts] = useState(() => initialDrafts(order, country))
  const [errors, setErrors] = useState<Errors>({})
  const [checked, setChecked] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const touchedPhones = useRef(new Set<number>())
  const problemsRef = useRef<HTMLParagraphElement>(null)
  const action = useOrderAction({
    onRefusal: (refusal) => {
      const fromServer = attendeeErrors(refusal.fields)
      if (!Object.keys(fromServer).length) return false
      setErrors(fromServer)
      setFocusRequest((value) => value + 1)
      return true
    },
    errorText: (refusal) => (refusal.fields.attendees ? fieldText(t, refusal.fields.attendees) : refusal.text),
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order
  useEffect(() => {
    const stored = store.read()
    if (stored) setDrafts((current) => current.map((draft, index) => ({ ...draft, ...(stored[index] ?? {}) })))
  }, [])

  // Phone fields follow the visitor's country once known, unless chosen or typed already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the visitor's country becomes known
  useEffect(() => {
    setDrafts((current) =>
      current.map((draft, index) =>
        touchedPhones.current.has(index) || draft.phone.number || order.attendees[index] ? draft : { ...draft, phone: { ...draft.phone, country } },
      ),
    )
  }, [country])

  useEffect(() => {
    if (!checked) return
    let current = true
    validateAttendees(drafts).then((next) => {
      if (current) setErrors(next)
    })
    return () => {
      current = false
    }
  }, [drafts, checked])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a submit asks for it
  useEffect(() => {
    if (!focusRequest) return
    for (const [index] of drafts.entries()) {
      const field = FIELDS.find((name) => errors[`${index}.${name}`])
      if (field) return void document.getElementById(fieldId(index, field))?.focus()
    }
    problemsRef.current?.focus()
  }, [focusRequest])

  const update = (index: number, patch: Partial<AttendeeDraft>) => {
    action.setError(null)
    if (patch.phone) touchedPhones.current.add(index)
    setDrafts((current) => {
      const next = current.map((draft, position) => (position === index ? { ...draft, ...patch } : draft))
      store.save(next)
      return next
    })
  }

  const save = async () => {
    const saved = await gateway.call(saveAttendees, {
      orderNumber: order.number,
      attendees: drafts.map((draft) => ({
        firstName: draft.firstName,
        lastName: draft.lastName,
        company: draft.company ?? '',
        jobTitle: draft.jobTitle ?? '',
        email: draft.email,
        phone: draft.phone,
        identity: draft.identity as Identity,
        industry: draft.industry as Industry,
        shares: draft.shares ?? [],
      })),
    })
    store.clear()
    navigate(orderPath(site.lang, saved))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (action.pending) return
    setChecked(true)
    const found = await validateAttendees(drafts)
    setErrors(found)
    if (Object.keys(found).length) return setFocusRequest((value) => value + 1)
    await action.run(save)
  }

  const errorOf = (index: number, field: Field) => {
    const key = errors[`${index}.${field}`]
    return key ? fieldText(t, key) : undefined
  }

  return {
    drafts,
    update,
    submit,
    errorOf,
    problemCount: checked ? Object.keys(errors).length : 0,
    problemsRef,
    pending: action.pending,
    formError: action.error,
  }
}
