import { useTranslation } from 'react-i18next'
import { ATTENDEE_LIMITS, type AttendeeDraft, IDENTITIES, INDUSTRIES } from '../../../../shared/rules/tickets.ts'
import { PhoneField } from '../../../components/phone-field/phone-field.tsx'
import type { TicketQuestion } from '../../../api/tickets.ts'
import { type AnswerDraft, QuestionFields } from '../question-fields.tsx'
import { ShareChoice } from '../share-choice.tsx'
import styles from './attendees.module.css'
import { SelectField, TextField } from '../form-fields.tsx'
import { fieldId } from './use-attendee-forms.ts'
import type { Field } from './validate.ts'

interface AttendeeFieldsetProps {
  index: number
  /** The ticket type this attendee holds. */
  ticketName: string
  draft: AttendeeDraft
  errorOf(index: number, field: Field): string | undefined
  onChange(index: number, patch: Partial<AttendeeDraft>): void
  /** The organiser's questions this ticket's type is asked (docs/product.md#ticket-questions). */
  questions: readonly TicketQuestion[]
  countries: ReadonlyArray<{ code: string; name: string }>
  answerErrorOf(index: number, questionId: number): string | undefined
  onAnswer(index: number, questionId: number, value: AnswerDraft): void
  /** The address is given (a transfer's recipient, docs/product.md#ticket-transfer): shown, not typed. */
  fixedEmail?: boolean
}

/**
 * One ticket's attendee (docs/product.md#attendee-form): name, company and position (optional), e-mail,
 * phone, identity and industry, then the organiser's own questions for its ticket type. Only the first fills itself in.
 */
export function AttendeeFieldset({
  index,
  ticketName,
  draft,
  errorOf,
  onChange,
  questions,
  countries,
  answerErrorOf,
  onAnswer,
  fixedEmail,
}: AttendeeFieldsetProps) {
  const { t } = useTranslation('tickets')
  const own = (token: string) => (index === 0 ? token : 'off')
  const text = (field: 'firstName' | 'lastName' | 'company' | 'jobTitle' | 'email') => ({
    id: fieldId(index, field),
    label: t(`attendees.${field}`),
    value: draft[field] ?? '',
    error: errorOf(index, field),
    onChange: (value: string) => onChange(index, { [field]: value }),
  })
  const select = (field: 'identity' | 'industry', values: readonly string[]) => ({
    id: fieldId(index, field),
    label: t(`attendees.${field}`),
    placeholder: t(`attendees.${field}Placeholder`),
    value: draft[field],
    options: values.map((value) => ({ value, label: t(`${field}.${value}`) })),
    error: errorOf(index, field),
    onChange: (value: string) => onChange(index, { [field]: value }),
  })
  return (
    <fieldset className={styles.attendee}>
      <legend className={styles.legend}>
        <span className={styles.position}>{t('attendees.legend', { position: index + 1 })}</span>
        <span className={styles.ticketName}>{t('attendees.ticket', { name: ticketName })}</span>
      </legend>
      <div className={styles.grid}>
        <TextField
          {...text('firstName')}
          placeholder={t('attendees.placeholder', { position: index + 1 })}
          autoComplete={own('given-name')}
          maxLength={ATTENDEE_LIMITS.firstName + 20}
        />
        <TextField {...text('lastName')} autoComplete={own('family-name')} maxLength={ATTENDEE_LIMITS.lastName + 20} />
        <TextField {...text('company')} optional autoComplete={own('organization')} maxLength={ATTENDEE_LIMITS.company + 20} />
        <TextField {...text('jobTitle')} optional autoComplete={own('organization-title')} maxLength={ATTENDEE_LIMITS.jobTitle + 20} />
        <TextField {...text('email')} type="email" autoComplete={own('email')} maxLength={ATTENDEE_LIMITS.email} readOnly={fixedEmail} />
        <PhoneField
          id={fieldId(index, 'phone')}
          name={`attendee-${index + 1}-phone`}
          label={t('attendees.phone')}
          required
          value={draft.phone}
          error={errorOf(index, 'phone')}
          onChange={(value) => onChange(index, { phone: value })}
        />
        <SelectField {...select('identity', IDENTITIES)} />
        <SelectField {...select('industry', INDUSTRIES)} />
        <ShareChoice value={draft.shares ?? []} onChange={(shares) => onChange(index, { shares })} />
        <QuestionFields
          idPrefix={`attendee-${index + 1}`}
          questions={questions}
          countries={countries}
          values={draft.answers ?? {}}
          errorOf={(questionId) => answerErrorOf(index, questionId)}
          onChange={(questionId, value) => onAnswer(index, questionId, value)}
        />
      </div>
    </fieldset>
  )
}
