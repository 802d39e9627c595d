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
import { type AnswerDraft, questionFieldId } from '../question-fields.tsx'
import { questionsForType } from '../../../../shared/rules/ticket-questions.ts'
import { answerErrors, ticketTypesByPosition } from './answer-errors.ts'
import { draftStore, initialDrafts } from './drafts.ts'
import { type Errors, FIELDS, type Field, validateAttendees } from './validate.ts'

/** The form's own fields and the organiser's questions of each ticket, checked by the platform's rules. */
const checkForms = async (order: OrderDetail, drafts: AttendeeDraft[]): Promise<Errors> => ({
  ...(await validateAttendees(drafts)),
  ...answerErrors(order, drafts),
})

export const fieldId = (index: number, field: Field) => `attendee-${index + 1}-${field}`

/** The platform's field paths (`attendees.0.email`, `attendees.1.answers.7`) as the form's keys (`0.email`, `1.answers.7`). */
function attendeeErrors(fields: Record<string, string>): Errors {
  const errors: Errors = {}
  for (const [path, key] of Object.entries(fields)) {
    const match = /^attendees\.(\d+)\.(answers\.\d+|\w+)/.exec(path)
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
  const types = ticketTypesByPosition(order)
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
    checkForms(order, drafts).then((next) => {
      if (current) setErrors(next)
    })
    return () => {
      current = false
    }
  }, [drafts, checked, order])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a submit asks for it
  useEffect(() => {
    if (!focusRequest) return
    for (const [index] of drafts.entries()) {
      const field = FIELDS.find((name) => errors[`${index}.${name}`])
      if (field) return void document.getElementById(fieldId(index, field))?.focus()
      const question = questionsForType(order.questions, types[index] ?? 0).find((each) => errors[`${index}.answers.${each.id}`])
      if (question) return void document.getElementById(questionFieldId(`attendee-${index + 1}`, question.id))?.focus()
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

  const updateAnswer = (index: number, questionId: number, value: AnswerDraft) => {
    action.setError(null)
    setDrafts((current) => {
      const next = current.map((draft, position) => (position === index ? { ...draft, answers: { ...draft.answers, [questionId]: value } } : draft))
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
        answers: draft.answers ?? {},
      })),
    })
    store.clear()
    navigate(orderPath(site.lang, saved))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (action.pending) return
    setChecked(true)
    const found = await checkForms(order, drafts)
    setErrors(found)
    if (Object.keys(found).length) return setFocusRequest((value) => value + 1)
    await action.run(save)
  }

  const errorOf = (index: number, field: Field) => {
    const key = errors[`${index}.${field}`]
    return key ? fieldText(t, key) : undefined
  }

  const answerErrorOf = (index: number, questionId: number) => {
    const key = errors[`${index}.answers.${questionId}`]
    return key ? fieldText(t, key) : undefined
  }

  return {
    drafts,
    update,
    updateAnswer,
    answerErrorOf,
    submit,
    errorOf,
    problemCount: checked ? Object.keys(errors).length : 0,
    problemsRef,
    pending: action.pending,
    formError: action.error,
  }
}
