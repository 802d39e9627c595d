import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { countryList } from '../../../api/reference.ts'
import { type OrderDetail, requestInvoice } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { type CompanyInvoice, companyInvoiceProblems, INVOICE_LIMITS } from '../../../../shared/rules/invoices.ts'
import { ActionButton, ActionError } from '../action-button.tsx'
import { Card } from '../card.tsx'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import { SelectField, TextField } from '../form-fields.tsx'
import { fieldText } from '../refusal.ts'
import { useOrderAction } from '../use-order-action.ts'
import styles from './review.module.css'

const EMPTY: CompanyInvoice = { companyName: '', address: '', country: '', taxId: '' }

/**
 * "I need an invoice for my company" on the review step (docs/product.md#invoices): unticked, nothing
 * more to fill in; ticked, the company's name, address, country and tax ID, saved on the order before
 * it is confirmed. A saved company shows as a summary the buyer can change or remove.
 */
export function CompanyInvoiceCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['invoices', 'tickets'])
  const site = useSite()
  const gateway = useGateway()
  const revalidator = useRevalidator()
  const saved = order.invoiceRequest
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState<CompanyInvoice>(saved ? { ...saved } : EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof CompanyInvoice, string>>>({})
  const [countries, setCountries] = useState<Array<{ value: string; label: string }> | null>(null)
  const action = useOrderAction({
    onRefusal(refusal) {
      const fields = Object.fromEntries(
        Object.entries(refusal.fields)
          .filter(([path]) => path.startsWith('invoice.'))
          .map(([path, key]) => [path.slice('invoice.'.length), key]),
      )
      if (!Object.keys(fields).length) return false
      setErrors(fields)
      return true
    },
  })
  const checkId = useId()

  const open = () => {
    setEditing(true)
    if (countries) return
    void gateway
      .call(countryList, { LanguageCode: site.locale })
      .then((list) => setCountries(list.map((country) => ({ value: country.TwoCharCode, label: country.CountryName }))))
  }

  const save = (invoice: CompanyInvoice | null) =>
    action.run(async () => {
      if (invoice) {
        const problems = companyInvoiceProblems(invoice)
        setErrors(problems)
        if (Object.keys(problems).length) return
      }
      await gateway.call(requestInvoice, { orderNumber: order.number, invoice })
      setEditing(false)
      if (!invoice) setDraft(EMPTY)
      await revalidator.revalidate()
    })

  const change = (field: keyof CompanyInvoice) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _fixed, ...rest }) => rest)
  }
  const error = (field: keyof CompanyInvoice) => (errors[field] ? fieldText(t, errors[field]) : undefined)

  return (
    <Card id="review-invoice" title={t('invoices:form.title')}>
      {saved && !editing ? (
        <>
          <dl className={ui.facts}>
            <dt>{t('invoices:form.companyName')}</dt>
            <dd>{saved.companyName}</dd>
            <dt>{t('invoices:form.address')}</dt>
            <dd className={styles.address}>{saved.address}</dd>
            <dt>{t('invoices:form.country')}</dt>
            <dd>{saved.countryName}</dd>
            {saved.taxId ? (
              <>
                <dt>{t('invoices:form.taxId')}</dt>
                <dd>{saved.taxId}</dd>
              </>
            ) : null}
          </dl>
          <ActionError text={action.error} />
          <div className={ui.actions}>
            <button type="button" className={ui.linkButton} onClick={open}>
              {t('invoices:form.change')}
            </button>
            <ActionButton pending={action.pending} className={ui.secondary} onClick={() => void save(null)}>
              {t('invoices:form.remove')}
            </ActionButton>
          </div>
        </>
      ) : (
        <>
          <div className={styles.check}>
            <input
              id={checkId}
              type="checkbox"
              checked={editing}
              onChange={(event) => {
                if (event.target.checked) return open()
                setEditing(false)
                setErrors({})
              }}
              aria-controls={editing ? `${checkId}-fields` : undefined}
            />
            <label htmlFor={checkId}>{t('invoices:form.ask')}</label>
          </div>
          {editing ? (
            <form
              id={`${checkId}-fields`}
              className={styles.invoiceForm}
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                void save(draft)
              }}
            >
              <p className={styles.hint}>{t('invoices:form.hint')}</p>
              <TextField
                id="invoice-company"
                label={t('invoices:form.companyName')}
                value={draft.companyName}
                error={error('companyName')}
                onChange={change('companyName')}
                autoComplete="organization"
                maxLength={INVOICE_LIMITS.companyName}
              />
              <TextField
                id="invoice-address"
                label={t('invoices:form.address')}
                value={draft.address}
                error={error('address')}
                onChange={change('address')}
                autoComplete="street-address"
                maxLength={INVOICE_LIMITS.address}
                multiline
              />
              <SelectField
                id="invoice-country"
                label={t('invoices:form.country')}
                placeholder={countries ? t('invoices:form.countryNone') : t('invoices:form.countriesLoading')}
                value={draft.country}
                options={countries ?? []}
                error={error('country')}
                onChange={change('country')}
              />
              <TextField
                id="invoice-tax-id"
                label={t('invoices:form.taxId')}
                value={draft.taxId}
                error={error('taxId')}
                onChange={change('taxId')}
                maxLength={INVOICE_LIMITS.taxId}
                optional
              />
              <ActionError text={action.error} />
              <div className={ui.actions}>
                <ActionButton pending={action.pending} className={ui.secondary}>
                  {t('invoices:form.save')}
                </ActionButton>
              </div>
            </form>
          ) : null}
        </>
      )}
    </Card>
  )
}
