import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { BOOTH_SIZES, EXHIBITING_METHODS, LIMITS, submitExhibitorApplication } from '../../api/applications.ts'
import type { RefPayload } from '../../api/contracts/define.ts'
import { useGateway } from '../../app-state.ts'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import { useVisitorCountry } from '../../lib/visitor-country.ts'
import styles from './apply.module.css'
import { ChoiceField, Honeypot, SelectField, TextField } from './fields.tsx'
import { type ExhibitionChoice, SubmitArea, SuccessPanel } from './form-parts.tsx'
import { useApplicationForm } from './use-application-form.ts'
import { EXHIBITOR_ORDER, type ExhibitorValues, exhibitorPayload, validateExhibitor } from './validate.ts'

const PREFIX = 'ex'

interface ExhibitorFormProps {
  exhibitions: ExhibitionChoice[]
  exhibitionId: string
  email: string
  titleId: string
  /** The panel's heading and introduction, shown with the form (the success message replaces both). */
  heading: ReactNode
}

function initialValues(exhibitionId: string, email: string, country: string): ExhibitorValues {
  return {
    exhibitionId,
    boothSize: '',
    boothWidth: '',
    boothDepth: '',
    companyName: '',
    website: '',
    contactPerson: '',
    phone: { country, number: '' },
    email,
    method: '',
    fax: '',
  }
}

/** SPEC §3 exhibitor application: the broker / company tab. */
export function ExhibitorForm({ exhibitions, exhibitionId, email, titleId, heading }: ExhibitorFormProps) {
  const { t } = useTranslation('apply')
  const gateway = useGateway()
  const country = useVisitorCountry()
  const send = useCallback((payload: RefPayload<typeof submitExhibitorApplication>) => gateway.call(submitExhibitorApplication, payload), [gateway])
  const form = useApplicationForm({
    prefix: PREFIX,
    initial: initialValues(exhibitionId, email, country),
    order: EXHIBITOR_ORDER,
    validate: validateExhibitor,
    toPayload: exhibitorPayload,
    send,
  })
  const { values, setValue, errors } = form
  const message = (field: string) => (errors[field] ? t(errors[field]) : undefined)

  // The dialling code follows the visitor's country once known, unless they chose or typed already.
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
        <ChoiceField
          id={`${PREFIX}-boothSize`}
          legend={t('fields.boothSize')}
          layout="cards"
          value={values.boothSize}
          options={BOOTH_SIZES.map((size) => ({ value: size, label: t(`booth.${size}`), hint: t(`booth.${size}Hint`) }))}
          onChange={(value) => setValue('boothSize', value)}
          error={message('boothSize')}
          required
        />
        {values.boothSize === 'custom' ? (
          <fieldset className={styles.customSize}>
            <legend className="visually-hidden">{t('fields.customSize')}</legend>
            <TextField
              id={`${PREFIX}-boothWidth`}
              label={t('fields.boothWidth')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={6}
              value={values.boothWidth}
              onChange={(value) => setValue('boothWidth', value)}
              error={message('boothWidth')}
              required
            />
            <TextField
              id={`${PREFIX}-boothDepth`}
              label={t('fields.boothDepth')}
              inputMode="decimal"
              autoComplete="off"
              maxLength={6}
              value={values.boothDepth}
              onChange={(value) => setValue('boothDepth', value)}
              error={message('boothDepth')}
              required
            />
          </fieldset>
        ) : null}
        <div className={styles.grid}>
          <TextField
            id={`${PREFIX}-companyName`}
            label={t('fields.companyName')}
            autoComplete="organization"
            maxLength={LIMITS.companyName}
            value={values.companyName}
            onChange={(value) => setValue('companyName', value)}
            error={message('companyName')}
            required
          />
          <TextField
            id={`${PREFIX}-website`}
            label={t('fields.website')}
            hint={t('fields.websiteHint')}
            type="url"
            inputMode="url"
            autoComplete="url"
            maxLength={LIMITS.website}
            value={values.website}
            onChange={(value) => setValue('website', value)}
            error={message('website')}
            optional
          />
          <TextField
            id={`${PREFIX}-contactPerson`}
            label={t('fields.contactPerson')}
            autoComplete="name"
            maxLength={LIMITS.contactPerson}
            value={values.contactPerson}
            onChange={(value) => setValue('contactPerson', value)}
            error={message('contactPerson')}
            required
          />
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
        </div>
        <PhoneField
          id={`${PREFIX}-phone`}
          name={`${PREFIX}-phone`}
          label={t('fields.phone')}
          value={values.phone}
          onChange={(value) => {
            phoneTouched.current = true
            setValue('phone', value)
          }}
          error={message('phone')}
          required
        />
        <ChoiceField
          id={`${PREFIX}-method`}
          legend={t('fields.method')}
          value={values.method}
          options={EXHIBITING_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))}
          onChange={(value) => setValue('method', value)}
          error={message('method')}
          required
        />
        <Honeypot id={`${PREFIX}-fax`} value={values.fax} onChange={(value) => setValue('fax', value)} />
        <SubmitArea pending={form.pending} outcome={form.outcome} detail={form.detail} buttonRef={form.submitButton} statusId={`${PREFIX}-status`} />
      </form>
    </>
  )
}
