import { useTranslation } from 'react-i18next'
import { type ConsoleOrderDetail, changeAttendee } from '../../../api/console-orders.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { IDENTITIES, type Identity, INDUSTRIES, type Industry } from '../../../../shared/rules/tickets.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'
import { OrderDialog } from './order-dialog.tsx'

type Attendee = ConsoleOrderDetail['attendees'][number]

interface AttendeeEditorProps {
  order: ConsoleOrderDetail
  attendee: Attendee
  onClose(): void
  onDone(order: ConsoleOrderDetail, message: string): void
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

/** Corrects one attendee, checked by the checkout's own rules on the platform; the fields it refuses are named. */
export function AttendeeEditor({ order, attendee, onClose, onDone }: AttendeeEditorProps) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const field = (name: keyof Attendee | 'phoneNumber' | 'phoneCountry', label: string, value: string, type = 'text', required = true) => (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={`attendee-${name}`}>
        {label}
      </label>
      <input id={`attendee-${name}`} name={name} type={type} className={ui.input} defaultValue={value} required={required} />
    </div>
  )
  return (
    <OrderDialog
      title={t('order.editTitle', { position: attendee.position })}
      submitLabel={t('order.save')}
      onClose={onClose}
      describeError={(error) => {
        // The platform names the fields the checkout's rules refuse (their texts live with the checkout).
        const names = error instanceof GatewayError ? Object.keys(error.fields).map((name) => name.replace(/^attendee\./, '').split('.')[0] as string) : []
        return names.length ? t('order.fieldsRefused', { fields: [...new Set(names)].map((name) => t(`order.fieldNames.${name}`)).join(', ') }) : null
      }}
      onSubmit={async (form) => {
        const answer = await client.call(changeAttendee, {
          number: order.number,
          attendeeId: attendee.id,
          attendee: {
            firstName: text(form, 'firstName'),
            lastName: text(form, 'lastName'),
            company: text(form, 'company'),
            jobTitle: text(form, 'jobTitle'),
            email: text(form, 'email'),
            phone: { country: text(form, 'phoneCountry').toUpperCase(), number: text(form, 'phoneNumber') },
            identity: text(form, 'identity') as Identity,
            industry: text(form, 'industry') as Industry,
          },
        })
        onDone(answer.order, t('order.attendeeSaved', { position: attendee.position }))
      }}
    >
      <div className={styles.twoColumns}>
        {field('firstName', t('order.firstName'), attendee.firstName)}
        {field('lastName', t('order.lastName'), attendee.lastName)}
        {field('company', t('order.company'), attendee.company, 'text', false)}
        {field('jobTitle', t('order.jobTitle'), attendee.jobTitle, 'text', false)}
        {field('email', t('order.email'), attendee.email, 'email')}
        {field('phoneCountry', t('order.phoneCountry'), attendee.phone.country)}
        {field('phoneNumber', t('order.phone'), attendee.phone.e164, 'tel')}
        <div className={ui.field}>
          <label className={ui.label} htmlFor="attendee-identity">
            {t('order.identity')}
          </label>
          <select id="attendee-identity" name="identity" className={ui.input} defaultValue={attendee.identity}>
            {IDENTITIES.map((value) => (
              <option key={value} value={value}>
                {t(`order.identities.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="attendee-industry">
            {t('order.industry')}
          </label>
          <select id="attendee-industry" name="industry" className={ui.input} defaultValue={attendee.industry}>
            {INDUSTRIES.map((value) => (
              <option key={value} value={value}>
                {t(`order.industries.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={ui.hint}>{t('order.attendeeMailHint')}</p>
    </OrderDialog>
  )
}
