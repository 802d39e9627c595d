import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useRevalidator } from 'react-router'
import { type RegisterChannel, retireRegisterChannel, saveRegisterChannel } from '../../../api/console.ts'
import { CHANNEL_KINDS, CHANNEL_PURPOSES } from '../../../../shared/rules/verification.ts'
import type { FieldErrors } from '../../../../shared/functions/gateway.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { CHANNEL_STATES, REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { useConsoleShell } from '../../console-state.ts'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useRegisterErrorText } from './error-text.ts'
import { localToday, type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'

type ChannelsData = Extract<RegisterData, { view: 'channels' }>

/** Adds a channel, or changes one (then with the end of its validity). */
function ChannelForm({ editing, onStart, onDone }: { editing: RegisterChannel | null; onStart(): void; onDone(message: string): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useRegisterErrorText()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    setFields({})
    setMessage('')
    onStart()
    setBusy(true)
    try {
      const saved = await client.call(saveRegisterChannel, {
        ...(editing ? { id: editing.id } : {}),
        kind: text('kind') as RegisterChannel['kind'],
        value: text('value'),
        purpose: text('purpose') as RegisterChannel['purpose'],
        since: text('since'),
        until: text('until') || null,
        public: form.get('public') === 'on',
        note: text('note'),
      })
      onDone(t(editing ? 'register.channelSaved' : 'register.channelAdded', { value: saved.display }))
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else setMessage(errorText(error))
    }
    setBusy(false)
  }
  const fieldError = (name: string) => (fields[name] ? errorText(new GatewayError(400, fields[name] as string, null)) : undefined)
  const titleId = editing ? 'register-edit-title' : 'register-add-title'

  return (
    <section className={ui.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.panelTitle}>
        {editing ? t('register.editTitle', { value: editing.display }) : t('register.addTitle')}
      </h2>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="register-kind">
              {t('register.kind')}
            </label>
            <select id="register-kind" name="kind" className={ui.input} defaultValue={editing?.kind ?? 'phone'}>
              {CHANNEL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`register.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="register-purpose">
              {t('register.purpose')}
            </label>
            <select id="register-purpose" name="purpose" className={ui.input} defaultValue={editing?.purpose ?? 'general'}>
              {CHANNEL_PURPOSES.map((purpose) => (
                <option key={purpose} value={purpose}>
                  {t(`register.purposes.${purpose}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.wide}>
            <TextField
              label={t('register.value')}
              hint={t('register.valueHint')}
              name="value"
              autoComplete="off"
              required
              maxLength={REGISTER_LIMITS.value}
              defaultValue={editing?.display ?? ''}
              error={fieldError('value')}
            />
          </div>
          <TextField label={t('register.since')} name="since" type="date" required defaultValue={editing?.since ?? localToday()} error={fieldError('since')} />
          {editing ? (
            <TextField
              label={t('register.until')}
              hint={t('register.untilHint')}
              name="until"
              type="date"
              defaultValue={editing.until ?? ''}
              error={fieldError('until')}
            />
          ) : null}
          <div className={styles.wide}>
            <TextField
              label={t('register.note')}
              hint={t('register.noteHint')}
              name="note"
              maxLength={REGISTER_LIMITS.note}
              defaultValue={editing?.note ?? ''}
              error={fieldError('note')}
            />
          </div>
          <label className={`${ui.choice} ${styles.wide}`}>
            <input type="checkbox" name="public" defaultChecked={editing?.public ?? false} />
            <span>{t('register.public')}</span>
          </label>
        </div>
        {message ? (
          <p className={ui.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {editing ? t('register.save') : t('register.add')}
          </button>
          {editing ? (
            <button type="button" className={ui.button} onClick={() => onDone('')}>
              {t('register.cancel')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}

/** Search and filters as the page's address (GET): Enter searches, a result can be bookmarked. */
function ChannelFilters({ data }: { data: ChannelsData }) {
  const { t } = useTranslation()
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={t('register.filters')}>
      <div className={styles.grid}>
        <div className={`${ui.field} ${styles.wide}`}>
          <label className={ui.label} htmlFor="register-search">
            {t('register.search')}
          </label>
          <input
            id="register-search"
            type="search"
            name="q"
            className={ui.input}
            defaultValue={data.search}
            maxLength={REGISTER_LIMITS.search}
            aria-describedby="register-search-hint"
          />
          <p id="register-search-hint" className={ui.hint}>
            {t('register.searchHint')}
          </p>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="register-filter-kind">
            {t('register.kind')}
          </label>
          <select id="register-filter-kind" name="kind" className={ui.input} defaultValue={data.kind}>
            <option value="">{t('register.anyKind')}</option>
            {CHANNEL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`register.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="register-filter-state">
            {t('register.state')}
          </label>
          <select id="register-filter-state" name="state" className={ui.input} defaultValue={data.state}>
            {CHANNEL_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`register.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${ui.actions} ${styles.wide}`}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('register.apply')}
          </button>
          <Link to="?" className={ui.button}>
            {t('register.clear')}
          </Link>
        </div>
      </div>
    </Form>
  )
}

export function Channels({ data }: { data: ChannelsData }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useRegisterErrorText()
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<RegisterChannel | null>(null)
  // A fresh, empty form after each save.
  const [round, setRound] = useState(0)
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  const { rows, total } = data.channels
  const pages = pageCount(total, data.pageSize)

  const done = async (message: string) => {
    setEditing(null)
    setRound((value) => value + 1)
    setProblem('')
    setNotice(message)
    if (message) await revalidator.revalidate()
  }
  const retire = async (channel: RegisterChannel) => {
    setNotice('')
    setProblem('')
    try {
      await client.call(retireRegisterChannel, { id: channel.id, on: localToday() })
      setNotice(t('register.channelRetired', { value: channel.display }))
      await revalidator.revalidate()
    } catch (error) {
      setProblem(errorText(error))
    }
  }

  return (
    <>
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
      {problem ? (
        <p className={ui.alert} role="alert">
          {problem}
        </p>
      ) : null}
      <ChannelForm
        key={editing ? `edit-${editing.id}` : `new-${round}`}
        editing={editing}
        onStart={() => setNotice('')}
        onDone={(message) => void done(message)}
      />
      <ChannelFilters data={data} />
      <TableFrame label={t('register.channelsTitle')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('register.channelsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('register.value')}</th>
              <th scope="col">{t('register.kind')}</th>
              <th scope="col">{t('register.purpose')}</th>
              <th scope="col">{t('register.period')}</th>
              <th scope="col">{t('register.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={5} className={ui.muted}>
                  {t('register.noChannels')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <div className={`${styles.value} ${ui.mono}`}>{row.display}</div>
                  <div className={ui.muted}>{row.public ? t('register.listedPublicly') : t('register.notListed')}</div>
                  {row.note ? <div className={ui.muted}>{row.note}</div> : null}
                </td>
                <td>{t(`register.kinds.${row.kind}`)}</td>
                <td>{t(`register.purposes.${row.purpose}`)}</td>
                <td>
                  <div className={ui.nowrap}>{t('register.sinceDate', { date: row.since })}</div>
                  {row.until ? (
                    <span className={`${ui.badge} ${ui.badgeOff}`}>{t('register.retiredOn', { date: row.until })}</span>
                  ) : (
                    <span className={`${ui.badge} ${ui.badgeGood}`}>{t('register.inUse')}</span>
                  )}
                </td>
                <td>
                  <div className={ui.actions}>
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      onClick={() => setEditing(row)}
                      aria-label={t('register.editLabel', { value: row.display })}
                    >
                      {t('register.edit')}
                    </button>
                    {row.until ? null : (
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small} ${ui.danger}`}
                        onClick={() => void retire(row)}
                        aria-label={t('register.retireLabel', { value: row.display })}
                      >
                        {t('register.retire')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('register.pages')}
        summary={t('register.pageOf', { page: data.page, pages, count: total })}
        page={data.page}
        pages={pages}
        href={(page) => viewHref('channels', { q: data.search, kind: data.kind, state: data.state === 'all' ? '' : data.state, page })}
      />
    </>
  )
}
