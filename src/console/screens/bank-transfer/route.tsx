import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator, useSearchParams } from 'react-router'
import {
  type BankTransferSettings,
  type BankTransferView,
  bankTransfer,
  decideTransfer,
  importStatement,
  matchTransfer,
  saveBankTransfer,
  type TransferView,
} from '../../../api/console-bank-transfer.ts'
import { BANK_ACCOUNT_LIMITS, BANK_DEADLINE_DAYS, bicMatchesIban, isBic, isIban, readableReference } from '../../../../shared/rules/bank-transfer.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Alert, FormEnd } from '../../ui/form-end.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useAction } from '../../ui/use-action.ts'
import { FormProblems, textOf, useFormCall } from '../../ui/use-form-call.ts'
import { pageFrom, queryHref } from '../../ui/list-query.ts'
import { ListPager } from '../../ui/pager.tsx'
import { Panel } from '../../ui/panel.tsx'

type Data = BankTransferView & { all: boolean }

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const exhibitionId = Number(args.params.id)
  const params = new URL(args.request.url).searchParams
  const all = params.get('show') === 'all'
  return { ...(await staffCall(args, bankTransfer, { exhibitionId, show: all ? 'all' : 'open', page: pageFrom(params, 10_000) })), all }
}

/**
 * Bank transfer of one exhibition (docs/product.md#bank-transfer): the account and deadline, a
 * statement to upload, a transfer to match by hand, and the transfers that came in, those waiting
 * for a decision first.
 */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as Data
  const revalidator = useRevalidator()
  const [status, setStatus] = useState('')
  const exhibitionId = data.settings.exhibitionId
  const done = async (message: string) => {
    setStatus(message)
    await revalidator.revalidate()
  }
  return (
    <ConsolePage
      title={t('bankTransfer.title')}
      lead={t('bankTransfer.lead')}
      actions={
        <Link className={ui.button} to={`/console/dashboard/${exhibitionId}`}>
          {t('bankTransfer.back')}
        </Link>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <AccountForm settings={data.settings} onSaved={() => done(t('bankTransfer.saved'))} />
      <StatementUpload exhibitionId={exhibitionId} onDone={done} />
      <HandMatch exhibitionId={exhibitionId} onDone={done} />
      <Queue data={data} onDone={done} />
    </ConsolePage>
  )
}

function AccountForm({ settings, onSaved }: { settings: BankTransferSettings; onSaved: () => Promise<void> }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [kind, setKind] = useState(settings.accountKind)
  const { busy, submit, field, message } = useFormCall(
    (form) => {
      // The IBAN's check digits and the BIC are checked here as the platform checks them, so a typo is named before anything is sent.
      const iban = textOf(form, 'iban')
      const bic = textOf(form, 'bic')
      const problems: Record<string, string> = {}
      if (kind === 'iban' && !isIban(iban)) problems.iban = 'console:bankTransfer.badIban'
      if (kind === 'iban' && !isBic(bic)) problems.bic = 'console:bankTransfer.badBic'
      else if (kind === 'iban' && isIban(iban) && !bicMatchesIban(bic, iban)) problems.bic = 'console:bankTransfer.bicCountry'
      if (Object.keys(problems).length) throw new FormProblems(problems)
      return client.call(saveBankTransfer, {
        exhibitionId: settings.exhibitionId,
        enabled: form.get('enabled') === 'on',
        holder: textOf(form, 'holder'),
        accountKind: kind,
        iban,
        bic,
        accountNumber: textOf(form, 'accountNumber'),
        bankName: textOf(form, 'bankName'),
        deadlineDays: Number(textOf(form, 'deadlineDays')),
      })
    },
    onSaved,
    { words: 'bankTransfer', values: settings },
  )
  return (
    <Panel title={t('bankTransfer.account')}>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={ui.choice}>
          <input type="checkbox" name="enabled" defaultChecked={settings.enabled} /> {t('bankTransfer.enabled')}
        </label>
        <TextField {...field('holder')} maxLength={BANK_ACCOUNT_LIMITS.holder} required />
        <SelectField
          {...field('accountKind')}
          defaultValue={kind}
          options={[
            ['iban', t('bankTransfer.kinds.iban')],
            ['local', t('bankTransfer.kinds.local')],
          ]}
          onChange={(value) => setKind(value === 'local' ? 'local' : 'iban')}
        />
        {kind === 'iban' ? (
          <>
            <TextField {...field('iban')} autoComplete="off" spellCheck={false} required />
            <TextField {...field('bic')} autoComplete="off" spellCheck={false} required />
          </>
        ) : (
          <>
            <TextField {...field('accountNumber')} maxLength={BANK_ACCOUNT_LIMITS.accountNumber} autoComplete="off" required />
            <TextField {...field('bankName')} maxLength={BANK_ACCOUNT_LIMITS.bankName} required />
          </>
        )}
        <TextField
          {...field('deadlineDays')}
          type="number"
          min={BANK_DEADLINE_DAYS.min}
          max={BANK_DEADLINE_DAYS.max}
          inputMode="numeric"
          hint={t('bankTransfer.deadlineHint')}
          required
        />
        <FormEnd message={message} busy={busy} save={t('bankTransfer.save')} />
      </form>
    </Panel>
  )
}

function StatementUpload({ exhibitionId, onDone }: { exhibitionId: number; onDone: (message: string) => Promise<void> }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const action = useAction()
  const [file, setFile] = useState<File | null>(null)
  const upload = () =>
    action.run(async () => {
      const summary = await client.call(importStatement, { exhibitionId, statement: file ? await file.text() : '' })
      await onDone(t('bankTransfer.imported', summary))
    })
  return (
    <Panel title={t('bankTransfer.statement')}>
      <p className={ui.hint}>{t('bankTransfer.statementHint')}</p>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="bank-statement-file">
          {t('bankTransfer.file')}
        </label>
        <input
          id="bank-statement-file"
          className={ui.input}
          type="file"
          accept=".xml,.csv,text/csv,application/xml,text/xml"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <Alert message={action.error} />
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} disabled={action.busy} onClick={() => void upload()}>
          {t('bankTransfer.upload')}
        </button>
      </div>
    </Panel>
  )
}

function HandMatch({ exhibitionId, onDone }: { exhibitionId: number; onDone: (message: string) => Promise<void> }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, field, message, round } = useFormCall(
    (form) =>
      client.call(matchTransfer, {
        exhibitionId,
        reference: textOf(form, 'reference'),
        amount: textOf(form, 'amount'),
        currency: textOf(form, 'currency'),
        payer: textOf(form, 'payer'),
      }),
    (result) => onDone(t(`bankTransfer.matched.${result.state}`, { order: result.orderNumber ?? '' })),
    { words: 'bankTransfer', values: { currency: 'EUR' } },
  )
  return (
    <Panel title={t('bankTransfer.hand')}>
      <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField {...field('reference')} autoComplete="off" spellCheck={false} hint={t('bankTransfer.referenceHint')} required />
        <TextField {...field('amount')} inputMode="decimal" autoComplete="off" hint={t('bankTransfer.amountHint')} required />
        <TextField {...field('currency')} maxLength={3} autoComplete="off" required />
        <TextField {...field('payer')} maxLength={BANK_ACCOUNT_LIMITS.holder} />
        <FormEnd message={message} busy={busy} save={t('bankTransfer.match')} />
      </form>
    </Panel>
  )
}

function Queue({ data, onDone }: { data: Data; onDone: (message: string) => Promise<void> }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const action = useAction()
  const [search] = useSearchParams()
  const decide = (transfer: TransferView, decision: 'accept' | 'return') =>
    action.run(async () => {
      await client.call(decideTransfer, { transferId: transfer.id, decision })
      await onDone(t(`bankTransfer.decided.${decision}`))
    })
  // The other view starts at its first page.
  const other = new URLSearchParams(search)
  other.delete('page')
  if (data.all) other.delete('show')
  else other.set('show', 'all')
  const pageHref = (page: number) => {
    const params = new URLSearchParams(search)
    if (page > 1) params.set('page', String(page))
    else params.delete('page')
    return queryHref(params)
  }
  return (
    <Panel title={t(data.all ? 'bankTransfer.queueAll' : 'bankTransfer.queueOpen', { count: data.transfers.total })}>
      <div className={ui.actions}>
        <Link className={ui.button} to={`?${other}`}>
          {t(data.all ? 'bankTransfer.showOpen' : 'bankTransfer.showAll')}
        </Link>
      </div>
      <Alert message={action.error} />
      {data.transfers.items.length === 0 ? (
        <p className={ui.hint}>{t('bankTransfer.empty')}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('bankTransfer.received')}</th>
                <th scope="col">{t('bankTransfer.amount')}</th>
                <th scope="col">{t('bankTransfer.reference')}</th>
                <th scope="col">{t('bankTransfer.order')}</th>
                <th scope="col">{t('bankTransfer.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.transfers.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <div className={ui.nowrap}>{item.bookedOn ?? formatDateTime(item.recordedAt, language)}</div>
                    <div className={ui.muted}>{item.payer ?? ''}</div>
                  </td>
                  <td className={ui.nowrap}>{formatMoney(item.amountMinor, item.currency, language)}</td>
                  <td>
                    <div className={ui.mono}>{item.reference ? readableReference(item.reference) : ''}</div>
                    <div className={ui.muted}>{item.remittance}</div>
                  </td>
                  <td>
                    {item.orderNumber ? (
                      <>
                        <Link className={ui.mono} to={orderPath(item.orderNumber)}>
                          {item.orderNumber}
                        </Link>
                        {item.orderTotalMinor !== null && item.orderCurrency ? (
                          <div className={ui.muted}>{formatMoney(item.orderTotalMinor, item.orderCurrency, language)}</div>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                  <td>
                    <span
                      className={`${ui.badge} ${item.state === 'paid' || item.state === 'accepted' ? ui.badgeGood : item.state === 'returned' ? ui.badgeOff : ui.badgeWarn}`}
                    >
                      {t(`bankTransfer.states.${item.state}`)}
                    </span>
                    {item.issue ? <div className={ui.muted}>{t(`bankTransfer.issues.${item.issue}`)}</div> : null}
                    {item.state === 'review' || item.state === 'unknown' ? (
                      <div className={ui.actions}>
                        {item.issue === 'over' || item.issue === 'under' ? (
                          <button type="button" className={`${ui.button} ${ui.small}`} disabled={action.busy} onClick={() => void decide(item, 'accept')}>
                            {t('bankTransfer.accept')}
                          </button>
                        ) : null}
                        <button type="button" className={`${ui.button} ${ui.small}`} disabled={action.busy} onClick={() => void decide(item, 'return')}>
                          {t('bankTransfer.return')}
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager
        label={t('bankTransfer.pages')}
        summary={(values) => t('bankTransfer.pageOf', values)}
        page={data.transfers.page}
        total={data.transfers.total}
        pageSize={data.transfers.pageSize}
        href={pageHref}
      />
    </Panel>
  )
}
