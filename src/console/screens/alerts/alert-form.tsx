import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleScamAlert, saveScamAlert } from '../../../api/console-alerts.ts'
import { LANGUAGE_INFO, LOCALES, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { ALERT_LIMITS, CHANNEL_KINDS, type ChannelKind } from '../../../../shared/rules/verification.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localToday } from '../../lib/local-today.ts'
import { Dialog } from '../../ui/dialog.tsx'
import { FormEnd } from '../../ui/form-end.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'

interface Props {
  /** The alert to change or publish again; null: a new one. */
  alert: ConsoleScamAlert | null
  owners: Array<{ companyId: number; name: string }>
  onClose(): void
  onSaved(alert: ConsoleScamAlert): void
}

/**
 * Publishes an alert, changes one or publishes a withdrawn one again (docs/product.md#scam-alerts): the
 * channel as visitors meet it, whom it impersonates, when it was first seen and a summary, English first.
 */
export function AlertForm({ alert, owners, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const dialog = useRef<HTMLDialogElement>(null)
  const { busy, submit, fieldError, message } = useFormCall(
    (form) =>
      client.call(saveScamAlert, {
        ...(alert ? { id: alert.id } : {}),
        kind: textOf(form, 'kind') as ChannelKind,
        value: textOf(form, 'value'),
        impersonatedCompanyId: textOf(form, 'impersonates') ? Number(textOf(form, 'impersonates')) : null,
        firstSeen: textOf(form, 'firstSeen'),
        summary: Object.fromEntries(LOCALES.map((locale) => [locale, textOf(form, `summary.${locale}`)])),
      }),
    onSaved,
  )
  const title = alert ? t(alert.withdrawnAt ? 'alerts.republishTitle' : 'alerts.editTitle', { value: alert.display }) : t('alerts.publishTitle')
  return (
    <Dialog title={title} onClose={onClose} width="wide" dialogRef={dialog}>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        {alert ? (
          // An alert is the channel's: changing the channel would be another alert, so kind and value stay.
          <>
            <input type="hidden" name="kind" value={alert.kind} />
            <TextField label={t('alerts.kind')} value={t(`register.kinds.${alert.kind}`)} readOnly />
          </>
        ) : (
          <SelectField
            label={t('alerts.kind')}
            name="kind"
            defaultValue="telegram"
            options={CHANNEL_KINDS.map((kind) => [kind, t(`register.kinds.${kind}`)])}
            error={fieldError('kind')}
          />
        )}
        <SelectField
          label={t('alerts.impersonates')}
          hint={t('alerts.impersonatesHint')}
          name="impersonates"
          defaultValue={alert?.impersonates ? String(alert.impersonates.companyId) : ''}
          options={[['', t('alerts.brand')], ...owners.map((owner): [string, string] => [String(owner.companyId), owner.name])]}
          error={fieldError('impersonatedCompanyId')}
        />
        <TextField
          label={t('alerts.value')}
          hint={t('alerts.valueHint')}
          name="value"
          autoComplete="off"
          required
          maxLength={ALERT_LIMITS.value}
          readOnly={alert !== null}
          defaultValue={alert?.display ?? ''}
          error={fieldError('value')}
        />
        <TextField
          label={t('alerts.firstSeen')}
          name="firstSeen"
          type="date"
          required
          defaultValue={alert?.firstSeen ?? localToday()}
          error={fieldError('firstSeen')}
        />
        {LOCALES.map((locale) => (
          <TextAreaField
            key={locale}
            label={t(locale === 'en' ? 'alerts.summaryEnglish' : 'alerts.summaryIn', { language: LANGUAGE_INFO[urlLanguageOfLocale(locale)].nativeName })}
            hint={locale === 'en' ? t('alerts.summaryHint') : undefined}
            name={`summary.${locale}`}
            lang={LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang}
            required={locale === 'en'}
            maxLength={ALERT_LIMITS.summary}
            rows={locale === 'en' ? 3 : 2}
            defaultValue={alert?.summary[locale] ?? ''}
            error={fieldError(`summary.${locale}`)}
          />
        ))}
        <FormEnd
          message={message}
          busy={busy}
          save={alert ? t('alerts.save') : t('alerts.publish')}
          cancel={t('alerts.cancel')}
          onCancel={() => dialog.current?.close()}
        />
      </form>
    </Dialog>
  )
}
