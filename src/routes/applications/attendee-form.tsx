import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { IDENTITIES, INDUSTRIES, LIMITS, submitAttendeeApplication } from '../../api/applications.ts'
import type { RefPayload } from '../../api/contracts/define.ts'
import { useGateway } from '../../app-state.ts'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import { useVisitorCountry } from '../../lib/visitor-country.ts'
import styles from './apply.module.css'
import { Honeypot, SelectField, TextField } from './fields.tsx'
import { type ExhibitionChoice, SubmitArea, SuccessPanel } from './form-parts.tsx'
import { useApplicationForm } from './use-application-form.ts'
import { ATTENDEE_ORDER, type AttendeeValues, attendeePayload, validateAttendee } from './validate.ts'

const PREFIX = 'at'

interface AttendeeFormProps {
  exhibitions: ExhibitionChoice[]
  exhibitionId: string
  email: string
  titleId: string
  /** The panel's heading and introduction, shown with the form (the success message replaces both). */
  heading: ReactNode
}

function initialValues(exhibitionId: string, email: string, country: string): AttendeeValues {
  return { exhibitionId, surname: '', givenName: '', position: '', identity: '', industry: '', email, phone: { country, number: '' }, fax: '' }
}

/** SPEC §3 user application: the attendee tab. */
export function AttendeeForm({ exhibitions, exhibitionId, email, titleId, heading }: AttendeeFormProps) {
  const { t } = useTranslation('apply')
  const gateway = useGateway()
  const country = useVisitorCountry()
  const send = useCallback((payload: RefPayload<typeof submitAttendeeApplication>) => gateway.call(submitAttendeeApplication, payload), [gateway])
  const form = useApplicationForm({
    prefix: PREFIX,
    initial: initialValues(exhibitionId, email, country),
    order: ATTENDEE_ORDER,
    validate: validateAttendee,
    toPayload: attendeePayload,
    send,
  })
  const { values, setValue, errors } = form
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined)

  const phoneTouched = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the visitor's country becomes known
  useEffect(() => {
    if (!phoneTouched.current) setValue('phone', { country, number: values.phone.number })
  }, [country])

  if (form.submitted) {
    return (
      <SuccessPanel
        submitted={form.submitted}
        headingId={`${PREFIX}-success`}
        onAnother={() => form.reset(initialValues(values.exhibitionId, values.email, values.phone.country))}
      />
    )
  }

  return (
    <>
      {heading}
      <form className={styles.form} onSubmit={form.onSubmit} noValidate method="post" aria-labelledby={titleId}>
        <p className={styles.requiredNote}>{t('form.requiredNote')}</p>
        <SelectField
          id={`${PREFIX}-exhibitionId`}
          label={t('fields.exhibition')}
          placeholder={t('fields.exhibitionPlaceholder')}
          value={values.exhibitionId}
          options={exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.label }))}
          onChange={(value) => setValue('exhibitionId', value)}
          error={message('exhibitionId')}
          required
        />
        <div className={styles.grid}>
          <TextField
            id={`${PREFIX}-surname`}
            label={t('fields.surname')}
            autoComplete="family-name"
            maxLength={LIMITS.surname}
            value={values.surname}
            onChange={(value) => setValue('surname', value)}
            error={message('surname')}
            required
          />
          <TextField
            id={`${PREFIX}-givenName`}
            label={t('fields.givenName')}
            autoComplete="given-name"
            maxLength={LIMITS.givenName}
            value={values.givenName}
            onChange={(value) => setValue('givenName', value)}
            error={message('givenName')}
            required
          />
        </div>
        <TextField
          id={`${PREFIX}-position`}
          label={t('fields.position')}
          autoComplete="organization-title"
          maxLength={LIMITS.position}
          value={values.position}
          onChange={(value) => setValue('position', value)}
          error={message('position')}
          required
        />
        <div className={styles.grid}>
          <SelectField
            id={`${PREFIX}-identity`}
            label={t('fields.identity')}
            placeholder={t('fields.identityPlaceholder')}
            value={values.identity}
            options={IDENTITIES.map((identity) => ({ value: identity, label: t(`identity.${identity}`) }))}
            onChange={(value) => setValue('identity', value)}
            error={message('identity')}
            required
          />
          <SelectField
            id={`${PREFIX}-industry`}
            label={t('fields.industry')}
            placeholder={t('fields.industryPlaceholder')}
            value={values.industry}
            options={INDUSTRIES.map((industry) => ({ value: industry, label: t(`industry.${industry}`) }))}
            onChange={(value) => setValue('industry', value)}
            error={message('industry')}
            required
          />
        </div>
        <TextField
          id={`${PREFIX}-email`}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          value={values.email}
          onChange={(value) => setValue('email', value)}
          error={message('email')}
          required
        />
        <PhoneField
          id={`${PREFIX}-phone`}
          name={`${PREFIX}-phone`}
          label={`${t('fields.phone')}${t('form.optional')}`}
          value={values.phone}
          onChange={(value) => {
            phoneTouched.current = true
            setValue('phone', value)
          }}
          error={message('phone')}
        />
        <Honeypot id={`${PREFIX}-fax`} value={values.fax} onChange={(value) => setValue('fax', value)} />
        <SubmitArea pending={form.pending} outcome={form.outcome} detail={form.detail} buttonRef={form.submitButton} statusId={`${PREFIX}-status`} />
      </form>
    </>
  )
}
