import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useRevalidator } from 'react-router'
import { addRegisterDocument, type RegisterDocument, retireRegisterDocument } from '../../../api/console-register.ts'
import { DOCUMENT_AUDIENCES } from '../../../../shared/rules/verification.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { CONSOLE_REQUEST_HEADER } from '../../../../shared/rules/console-access.ts'
import { REGISTER_DOCUMENT_PATH, REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { useConsoleShell } from '../../console-state.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { useErrorText } from '../../ui/use-error-text.ts'
import { FormProblems, useFormCall } from '../../ui/use-form-call.ts'
import { RegisterPager, RegisterStatus } from './register-kit.tsx'
import { localToday, type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'
import { Panel } from '../../ui/panel.tsx'

type DocumentsData = Extract<RegisterData, { view: 'documents' }>

/** The PDF goes to the console's multipart route, which answers its SHA-256 and keeps nothing. */
async function fingerprintOf(file: File): Promise<string> {
  const body = new FormData()
  body.append('file', file)
  let response: Response
  try {
    response = await fetch(REGISTER_DOCUMENT_PATH, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value },
    })
  } catch {
    throw new GatewayError(0, 'errors.network', null)
  }
  const envelope = (await response.json().catch(() => null)) as { succeed?: boolean; message?: string; data?: { sha256?: string } } | null
  const code = envelope?.message || 'errors.unexpected'
  // Too large, or not a PDF: the file field's own error.
  if (response.status === 413 || response.status === 415) throw new FormProblems({ file: code })
  if (!envelope?.succeed || !envelope.data?.sha256) throw new GatewayError(response.status, code, envelope)
  return envelope.data.sha256
}

function DocumentForm({ onStart, onDone }: { onStart(): void; onDone(message: string): Promise<void> }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  // A fresh, empty form (keyed by the round) for the next document.
  const { busy, submit, fieldError, message, round } = useFormCall(
    async (form) => {
      const text = (name: string) => String(form.get(name) ?? '')
      const file = form.get('file')
      onStart()
      if (!(file instanceof File) || file.size === 0) throw new FormProblems({ file: 'console:errors.registerNoFile' })
      const sha256 = await fingerprintOf(file)
      return client.call(addRegisterDocument, {
        sha256,
        title: text('title'),
        reference: text('reference'),
        issuedTo: text('issuedTo'),
        issuedOn: text('issuedOn'),
        shownTo: text('shownTo') as RegisterDocument['shownTo'],
      })
    },
    (added) => onDone(t('register.documentAdded', { title: added.title })),
  )

  return (
    <Panel title={t('register.documentTitle')}>
      <p className={ui.hint}>{t('register.documentLead')}</p>
      <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          <div className={styles.wide}>
            <TextField
              label={t('register.file')}
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              required
              error={fieldError('file') ?? fieldError('sha256')}
            />
          </div>
          <div className={styles.wide}>
            <TextField label={t('register.documentName')} name="title" required maxLength={REGISTER_LIMITS.title} error={fieldError('title')} />
          </div>
          <TextField label={t('register.reference')} name="reference" maxLength={REGISTER_LIMITS.reference} error={fieldError('reference')} />
          <TextField label={t('register.issuedTo')} name="issuedTo" required maxLength={REGISTER_LIMITS.title} error={fieldError('issuedTo')} />
          <TextField label={t('register.issuedOn')} name="issuedOn" type="date" required defaultValue={localToday()} error={fieldError('issuedOn')} />
          <SelectField
            label={t('register.shownTo')}
            name="shownTo"
            defaultValue="parties"
            options={DOCUMENT_AUDIENCES.map((audience) => [audience, t(`register.audiences.${audience}`)])}
          />
        </div>
        <FormEnd message={message} busy={busy} save={t('register.registerDocument')} />
      </form>
    </Panel>
  )
}

export function Documents({ data }: { data: DocumentsData }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const revalidator = useRevalidator()
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  const { rows, total } = data.documents

  const done = async (message: string) => {
    setProblem('')
    await revalidator.revalidate()
    setNotice(message)
  }
  const revoke = async (document: RegisterDocument) => {
    setNotice('')
    setProblem('')
    try {
      await client.call(retireRegisterDocument, { id: document.id, on: localToday() })
      await done(t('register.documentRevoked', { title: document.title }))
    } catch (error) {
      setProblem(errorText(error))
    }
  }

  const columns: Array<Column<RegisterDocument>> = [
    {
      header: t('register.documentName'),
      className: styles.documentCell,
      cell: (row) => (
        <div>
          <div className={styles.value}>{row.title}</div>
          {row.reference ? <div className={ui.muted}>{row.reference}</div> : null}
          <div className={`${styles.hash} ${ui.mono} ${ui.muted}`}>SHA-256 {row.sha256}</div>
        </div>
      ),
    },
    {
      header: t('register.issuedTo'),
      cell: (row) => (
        <div>
          <div>{row.issuedTo}</div>
          <div className={`${ui.muted} ${ui.nowrap}`}>{row.issuedOn}</div>
        </div>
      ),
    },
    {
      header: t('register.shownTo'),
      cell: (row) => (
        <div>
          <div>{t(`register.audiences.${row.shownTo}`)}</div>
          {row.revokedOn ? (
            <span className={`${ui.badge} ${ui.badgeOff}`}>{t('register.revokedOn', { date: row.revokedOn })}</span>
          ) : (
            <span className={`${ui.badge} ${ui.badgeGood}`}>{t('register.valid')}</span>
          )}
        </div>
      ),
    },
    {
      header: t('register.actions'),
      cell: (row) =>
        row.revokedOn ? null : (
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${ui.danger}`}
            onClick={() => void revoke(row)}
            aria-label={t('register.revokeLabel', { title: row.title })}
          >
            {t('register.revoke')}
          </button>
        ),
    },
  ]
  return (
    <>
      <RegisterStatus notice={notice} problem={problem} />
      <DocumentForm onStart={() => setNotice('')} onDone={done} />
      <Form method="get" className={ui.panel} role="search" aria-label={t('register.documentsTitle')}>
        <input type="hidden" name="view" value="documents" />
        <div className={styles.grid}>
          <TextField label={t('register.documentSearch')} name="q" type="search" defaultValue={data.search} maxLength={REGISTER_LIMITS.search} />
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`}>
              {t('register.apply')}
            </button>
          </div>
        </div>
      </Form>
      <DataTable label={t('register.documentsTitle')} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t('register.noDocuments')} />
      <RegisterPager data={data} total={total} href={(page) => viewHref('documents', { q: data.search, page })} />
    </>
  )
}
