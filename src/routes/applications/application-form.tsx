import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useGateway } from '../../app-state.ts'
import { useVisitorCountry } from '../../lib/visitor-country.ts'
import styles from './apply.module.css'
import type { ApplicationKind, BaseValues } from './application-kinds.ts'
import { Honeypot } from './fields.tsx'
import { FormField } from './form-field.tsx'
import { type ExhibitionChoice, SubmitArea, SuccessPanel } from './form-parts.tsx'
import { useApplicationForm } from './use-application-form.ts'

interface ApplicationFormProps<Values extends BaseValues, Payload> {
  kind: ApplicationKind<Values, Payload>
  exhibitions: ExhibitionChoice[]
  exhibitionId: string
  email: string
  titleId: string
  /** The panel's heading and introduction, shown with the form (the success message replaces both). */
  heading: ReactNode
}

/** An exhibitor or attendee application (docs/product.md#application-data): the kind's fields, its checks, and the docs/product.md#user-messages result. */
export function ApplicationForm<Values extends BaseValues, Payload>({
  kind,
  exhibitions,
  exhibitionId,
  email,
  titleId,
  heading,
}: ApplicationFormProps<Values, Payload>) {
  const { t } = useTranslation('apply')
  const gateway = useGateway()
  const country = useVisitorCountry()
  const send = useCallback((payload: Payload & { idempotencyKey: string }) => kind.send(gateway, payload), [gateway, kind])
  const initial = (common: Omit<BaseValues, 'fax'>) => kind.initial({ ...common, fax: '' })
  const form = useApplicationForm({
    prefix: kind.prefix,
    initial: initial({ exhibitionId, email, phone: { country, number: '' } }),
    order: kind.order,
    validate: kind.validate,
    toPayload: kind.toPayload,
    send,
  })
  const { values, setValue, errors } = form

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
        headingId={`${kind.prefix}-success`}
        onAnother={() => form.reset(initial({ exhibitionId: values.exhibitionId, email: values.email, phone: { country: values.phone.country, number: '' } }))}
      />
    )
  }

  const context = {
    prefix: kind.prefix,
    values: values as unknown as Record<string, unknown>,
    exhibitions,
    message: (field: string) => (errors[field] ? t(errors[field]) : undefined),
    set: (name: string, value: unknown) => setValue(name as keyof Values, value as Values[keyof Values]),
    setPhone: (value: BaseValues['phone']) => {
      phoneTouched.current = true
      setValue('phone', value)
    },
  }
  return (
    <>
      {heading}
      <form className={styles.form} onSubmit={form.onSubmit} noValidate method="post" aria-labelledby={titleId}>
        <p className={styles.requiredNote}>{t('form.requiredNote')}</p>
        {kind.fields.map((spec, index) => (
          <FormField key={'name' in spec ? spec.name : `${spec.kind}-${index}`} spec={spec} form={context} />
        ))}
        <Honeypot id={`${kind.prefix}-fax`} value={values.fax} onChange={(value) => setValue('fax', value)} />
        <SubmitArea pending={form.pending} outcome={form.outcome} detail={form.detail} buttonRef={form.submitButton} statusId={`${kind.prefix}-status`} />
      </form>
    </>
  )
}
