import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type OrderDetail, setTicketAnswers } from '../../api/tickets.ts'
import { useGateway } from '../../app-state.ts'
import { useToast } from '../../components/toast/toast.tsx'
import { displayName } from '../../../shared/rules/names.ts'
import { questionsForType } from '../../../shared/rules/ticket-questions.ts'
import { ActionButton, ActionError } from './action-button.tsx'
import { AnswerFileLink, rememberFiles } from './answer-file.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import { type AnswerDraft, answerDraftOf, QuestionFields, questionFieldId } from './question-fields.tsx'
import { fieldText } from './refusal.ts'
import styles from './ticket-answers.module.css'
import { useOrderAction } from './use-order-action.ts'

type Attendee = OrderDetail['attendees'][number]

/** A ticket's answers to the organiser's questions as people read them (docs/product.md#ticket-questions). */
export function AnswerList({ answers }: { answers: Attendee['answerTexts'] }) {
  if (!answers.length) return null
  return (
    <dl className={styles.answers}>
      {answers.map((answer) => (
        <div key={answer.questionId} className={styles.pair}>
          <dt>{answer.question}</dt>
          <dd>{answer.file ? <AnswerFileLink file={answer.file} /> : answer.answer}</dd>
        </div>
      ))}
    </dl>
  )
}

const draftsOf = (answers: Attendee['answers']) =>
  Object.fromEntries(Object.entries(answers).map(([id, value]) => [id, answerDraftOf(value) ?? ''])) as Record<string, AnswerDraft>

/**
 * My tickets: a ticket's answers, changed by the buyer or the attendee until the cut-off
 * (`attendeeChangesOpen` in shared/rules/tickets.ts, docs/product.md#attendee-changes); the server checks them again and names a wrong one.
 */
export function TicketAnswers({ order, position }: { order: OrderDetail; position: number }) {
  const { t } = useTranslation('tickets')
  const gateway = useGateway()
  const toast = useToast()
  const attendee = order.attendees.find((each) => each.position === position)
  const line = order.lines.flatMap((each) => Array.from({ length: each.quantity }, () => each))[position - 1]
  const questions = questionsForType(order.questions, line?.ticketTypeId ?? 0)
  const [saved, setSaved] = useState({ answers: attendee?.answers ?? {}, answerTexts: attendee?.answerTexts ?? [] })
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState(() => draftsOf(saved.answers))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const action = useOrderAction({
    onRefusal: (refusal) => {
      const fields = Object.fromEntries(
        Object.entries(refusal.fields)
          .map(([path, key]) => [/^answers\.(\d+)$/.exec(path)?.[1], key] as const)
          .filter((entry): entry is readonly [string, string] => entry[0] !== undefined),
      )
      if (!Object.keys(fields).length) return false
      setErrors(fields)
      const first = questions.find((question) => fields[String(question.id)])
      if (first) document.getElementById(questionFieldId(`ticket-${position}`, first.id))?.focus()
      return true
    },
  })
  if (!attendee || !questions.length) return null
  rememberFiles(saved.answerTexts.map((answer) => answer.file))
  const name = displayName({ first: attendee.firstName, last: attendee.lastName })

  const save = () =>
    action.run(async () => {
      const answer = await gateway.call(setTicketAnswers, { orderNumber: order.number, position, answers: values })
      setSaved({ answers: answer.answers, answerTexts: answer.answerTexts })
      setValues(draftsOf(answer.answers))
      setErrors({})
      setEditing(false)
      toast.show(t('questions.saved'), { tone: 'success' })
    })

  return (
    <div>
      <AnswerList answers={saved.answerTexts} />
      {!order.answersOpen ? (
        <p className={ui.muted}>{t('questions.closed')}</p>
      ) : editing ? (
        <form
          className={styles.edit}
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
          noValidate
        >
          <QuestionFields
            idPrefix={`ticket-${position}`}
            questions={questions}
            countries={order.countries}
            values={values}
            errorOf={(id) => (errors[String(id)] ? fieldText(t, errors[String(id)] as string) : undefined)}
            onChange={(id, value) => {
              action.setError(null)
              setValues((current) => ({ ...current, [id]: value }))
            }}
          />
          <ActionError text={action.error} />
          <div className={ui.actions}>
            <ActionButton pending={action.pending} className={ui.primary}>
              {t('questions.save')}
            </ActionButton>
            <button
              type="button"
              className={ui.secondary}
              onClick={() => {
                setEditing(false)
                setValues(draftsOf(saved.answers))
                setErrors({})
              }}
            >
              {t('questions.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} aria-label={t('questions.changeFor', { name })} onClick={() => setEditing(true)}>
            {t('questions.change')}
          </button>
        </div>
      )}
    </div>
  )
}
