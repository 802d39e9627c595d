import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { resetSecondFactor, type StaffListItem, staffList, updateMember } from '../../../api/console.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { InviteForm } from './invite-form.tsx'
import { MemberEditor } from './member-editor.tsx'
import { MemberTable } from './member-table.tsx'

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, staffList, {})
}

/** The owner's staff screen: invite, change roles and limits, disable, reset a lost second factor. */
export function Component() {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const self = useMember()
  const { members } = useLoaderData() as { members: StaffListItem[] }
  const revalidator = useRevalidator()
  const errorText = useErrorText()
  const [editing, setEditing] = useState<StaffListItem | null>(null)
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)

  const done = async (text: string) => {
    setStatus({ text, failed: false })
    await revalidator.revalidate()
  }
  const act = async (call: () => Promise<unknown>, text: string) => {
    setStatus(null)
    try {
      await call()
    } catch (error) {
      return setStatus({ text: errorText(error), failed: true })
    }
    await done(text)
  }
  const toggle = (member: StaffListItem) => {
    const disabled = member.status !== 'disabled'
    if (disabled && !window.confirm(t('staff.confirmDisable', { name: member.name }))) return
    void act(() => client.call(updateMember, { id: member.id, disabled }), t(disabled ? 'staff.disabled' : 'staff.enabled', { email: member.email }))
  }
  const reset = (member: StaffListItem) => {
    if (!window.confirm(t('staff.confirmReset', { name: member.name }))) return
    void act(() => client.call(resetSecondFactor, { id: member.id }), t('staff.resetDone', { email: member.email }))
  }

  return (
    <ConsolePage title={t('staff.title')} lead={t('staff.lead')}>
      <p className={status?.failed ? ui.alert : status ? ui.success : 'visually-hidden'} role="status">
        {status?.text ?? ''}
      </p>
      <InviteForm onDone={(text) => void done(text)} />
      <section aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className={ui.panelTitle}>
          {t('staff.listTitle')}
        </h2>
        <MemberTable members={members} selfId={self.id} onEdit={setEditing} onToggle={toggle} onReset={reset} />
      </section>
      {editing ? (
        <MemberEditor
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null)
            void done(text)
          }}
        />
      ) : null}
    </ConsolePage>
  )
}
