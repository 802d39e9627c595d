import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { resetSecondFactor, type StaffListItem, staffList, updateMember } from '../../../api/console.ts'
import { useConsoleShell, useMember } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
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
  /** The action waiting for the owner's yes, and what the question says. */
  const [asking, setAsking] = useState<{ action: string; message: string; run(): Promise<void> } | null>(null)
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null)

  const done = async (text: string) => {
    await revalidator.revalidate()
    setStatus({ text, failed: false })
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
    const run = () =>
      act(() => client.call(updateMember, { id: member.id, disabled }), t(disabled ? 'staff.disabled' : 'staff.enabled', { email: member.email }))
    // Enabling gives back what was taken: no question. Disabling ends the member's sessions.
    if (disabled) setAsking({ action: t('staff.disable'), message: t('staff.confirmDisable', { name: member.name }), run })
    else void run()
  }
  const reset = (member: StaffListItem) => {
    const run = () => act(() => client.call(resetSecondFactor, { id: member.id }), t('staff.resetDone', { email: member.email }))
    setAsking({ action: t('staff.reset'), message: t('staff.confirmReset', { name: member.name }), run })
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
      {asking ? (
        <ConfirmDialog
          title={asking.action}
          message={asking.message}
          confirmLabel={asking.action}
          danger
          onConfirm={asking.run}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </ConsolePage>
  )
}
