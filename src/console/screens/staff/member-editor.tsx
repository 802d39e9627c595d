import { useTranslation } from 'react-i18next'
import { type StaffListItem, updateMember } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { FormDialog } from '../../ui/dialog.tsx'
import { FormMessage } from '../../ui/use-error-text.ts'
import { AccessFields, accessFromForm } from './access-fields.tsx'

interface MemberEditorProps {
  member: StaffListItem
  onClose(): void
  onSaved(message: string): void
}

/** Changes a member's roles and exhibition limits, in the kit's modal form dialog. */
export function MemberEditor({ member, onClose, onSaved }: MemberEditorProps) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const save = async (form: FormData) => {
    const access = accessFromForm(form)
    if (!access.roles.length) throw new FormMessage(t('console:errors.rolesRequired'))
    await client.call(updateMember, { id: member.id, ...access })
    onSaved(t('staff.saved', { email: member.email }))
  }
  return (
    <FormDialog
      title={t('staff.editTitle', { name: member.name || member.email })}
      submitLabel={t('staff.save')}
      closeLabel={t('staff.cancel')}
      width="wide"
      onClose={onClose}
      onSubmit={save}
    >
      <AccessFields roles={member.roles} exhibitionIds={member.exhibitionIds} />
    </FormDialog>
  )
}
