import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { type RegisterChannel, retireRegisterChannel, saveRegisterChannel } from '../../../api/console-register.ts'
import { CHANNEL_KINDS, CHANNEL_PURPOSES } from '../../../../shared/rules/verification.ts'
import { REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { useConsoleShell } from '../../console-state.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { useErrorText } from '../../ui/use-error-text.ts'
import { useFormCall } from '../../ui/use-form-call.ts'
import { RegisterPager, RegisterStatus } from './register-kit.tsx'
import { channelQuery, localToday, type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'

type ChannelsData = Extract<RegisterData, { view: 'channels' }>

/** Adds a channel, or changes one (then with the end of its validity). */
function ChannelForm({
  editing,
  owners,
  onStart,
  onDone,
}: {
  editing: RegisterChannel | null
  owners: ChannelsData['channels']['owners']
  onStart(): void
  onDone(message: string): void
}) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, fieldError, message } = useFormCall(
    (form) => {
      const text = (name: string) => String(form.get(name) ?? '')
      onStart()
      return client.call(saveRegisterChannel, {
        ...(editing ? { id: editing.id } : {}),
        kind: text('kind') as RegisterChannel['kind'],
        value: text('value'),
        purpose: text('purpose') as RegisterChannel['purpose'],
        since: text('since'),
        until: text('until') || null,
        public: form.get('public') === 'on',
        note: text('note'),
        ownerCompanyId: text('owner') ? Number(text('owner')) : null,
        validUntil: text('validUntil') || null,
      })
    },
    (saved) => onDone(t(editing ? 'register.channelSaved' : 'register.channelAdded', { value: saved.display })),
  )
  const titleId = editing ? 'register-edit-title' : 'register-add-title'

  return (
    <section className={ui.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.panelTitle}>
        {editing ? t('register.editTitle', { value: editing.display }) : t('register.addTitle')}
      </h2>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          <SelectField
            label={t('register.kind')}
            name="kind"
            defaultValue={editing?.kind ?? 'phone'}
            options={CHANNEL_KINDS.map((kind) => [kind, t(`register.kinds.${kind}`)])}
          />
          <SelectField
            label={t('register.purpose')}
            name="purpose"
            defaultValue={editing?.purpose ?? 'general'}
            options={CHANNEL_PURPOSES.map((purpose) => [purpose, t(`register.purposes.${purpose}`)])}
          />
          <SelectField
            label={t('register.owner')}
            hint={t('register.ownerHint')}
            name="owner"
            defaultValue={editing?.owner ? String(editing.owner.companyId) : ''}
            options={[['', t('register.ownerBrand')], ...owners.map((owner): [string, string] => [String(owner.companyId), owner.name])]}
            error={fieldError('ownerCompanyId')}
          />
          <TextField
            label={t('register.validUntil')}
            hint={t('register.validUntilHint')}
            name="validUntil"
            type="date"
            defaultValue={editing?.validUntil ?? ''}
            error={fieldError('validUntil')}
          />
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
        <FormEnd
          message={message}
          busy={busy}
          save={editing ? t('register.save') : t('register.add')}
          cancel={editing ? t('register.cancel') : undefined}
          onCancel={() => onDone('')}
        />
      </form>
    </section>
  )
}

export function Channels({ data }: { data: ChannelsData }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<RegisterChannel | null>(null)
  // A fresh, empty form after each save.
  const [round, setRound] = useState(0)
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState('')
  const { rows, total } = data.channels

  const done = async (message: string) => {
    setEditing(null)
    setRound((value) => value + 1)
    setProblem('')
    if (message) await revalidator.revalidate()
    setNotice(message)
  }
  const retire = async (channel: RegisterChannel) => {
    setNotice('')
    setProblem('')
    try {
      await client.call(retireRegisterChannel, { id: channel.id, on: localToday() })
      await revalidator.revalidate()
      setNotice(t('register.channelRetired', { value: channel.display }))
    } catch (error) {
      setProblem(errorText(error))
    }
  }

  const columns: Array<Column<RegisterChannel>> = [
    {
      header: t('register.value'),
      cell: (row) => (
        <div>
          <div className={`${styles.value} ${ui.mono}`}>{row.display}</div>
          {row.owner ? <div>{t('register.ownerLine', { name: row.owner.name })}</div> : null}
          <div className={ui.muted}>{row.public ? t('register.listedPublicly') : t('register.notListed')}</div>
          {row.note ? <div className={ui.muted}>{row.note}</div> : null}
        </div>
      ),
    },
    { header: t('register.kind'), cell: (row) => t(`register.kinds.${row.kind}`) },
    { header: t('register.purpose'), cell: (row) => t(`register.purposes.${row.purpose}`) },
    {
      header: t('register.period'),
      cell: (row) => (
        <div>
          <div className={ui.nowrap}>{t('register.sinceDate', { date: row.since })}</div>
          {row.validUntil ? <div className={ui.nowrap}>{t('register.validUntilDate', { date: row.validUntil })}</div> : null}
          {row.until ? (
            <span className={`${ui.badge} ${ui.badgeOff}`}>{t('register.retiredOn', { date: row.until })}</span>
          ) : (
            <span className={`${ui.badge} ${ui.badgeGood}`}>{t('register.inUse')}</span>
          )}
        </div>
      ),
    },
    {
      header: t('register.actions'),
      cell: (row) => (
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
      ),
    },
  ]
  return (
    <>
      <RegisterStatus notice={notice} problem={problem} />
      <ChannelForm
        key={editing ? `edit-${editing.id}` : `new-${round}`}
        editing={editing}
        owners={data.channels.owners}
        onStart={() => setNotice('')}
        onDone={(message) => void done(message)}
      />
      <ListFilters words="register" query={channelQuery} filters={{ search: data.search, kind: data.kind, state: data.state === 'all' ? '' : data.state }} />
      <DataTable label={t('register.channelsTitle')} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t('register.noChannels')} />
      <RegisterPager
        data={data}
        total={total}
        href={(page) => viewHref('channels', { q: data.search, kind: data.kind, state: data.state === 'all' ? '' : data.state, page })}
      />
    </>
  )
}
