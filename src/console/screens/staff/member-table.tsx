import { useTranslation } from 'react-i18next'
import type { StaffListItem } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import styles from './staff.module.css'

const STATUS_BADGE = { active: ui.badgeGood, invited: ui.badgeWarn, disabled: ui.badgeOff } as const

interface MemberTableProps {
  members: StaffListItem[]
  /** The signed-in owner: they cannot disable themselves from here. */
  selfId: string
  onEdit(member: StaffListItem): void
  onToggle(member: StaffListItem): void
  onReset(member: StaffListItem): void
}

/** Every staff member with their roles, limits and state, and what an owner may do to each. */
export function MemberTable({ members, selfId, onEdit, onToggle, onReset }: MemberTableProps) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const named = (action: string, member: StaffListItem) => t('staff.actionFor', { action, name: member.name })
  const columns: Array<Column<StaffListItem>> = [
    {
      header: t('staff.member'),
      cell: (member) => (
        <div>
          <div>{member.name}</div>
          <div className={ui.muted}>{member.email}</div>
        </div>
      ),
    },
    {
      header: t('staff.roles'),
      cell: (member) => (
        <span className={styles.roleList}>
          {member.roles.map((role) => (
            <span key={role} className={ui.badge}>
              {t(`roles.${role}.label`)}
            </span>
          ))}
        </span>
      ),
    },
    {
      header: t('staff.exhibitions'),
      cell: (member) => (member.exhibitionIds === null ? t('staff.allExhibitions') : member.exhibitionIds.join(', ')),
    },
    {
      header: t('staff.status'),
      cell: (member) => <span className={`${ui.badge} ${STATUS_BADGE[member.status]}`}>{t(`staff.statuses.${member.status}`)}</span>,
    },
    {
      header: t('staff.lastSignIn'),
      className: ui.nowrap,
      cell: (member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt, language) : t('staff.never')),
    },
    {
      header: t('staff.actions'),
      cell: (member) => {
        const toggle = t(member.status === 'disabled' ? 'staff.enable' : 'staff.disable')
        return (
          <div className={ui.actions}>
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onEdit(member)} aria-label={named(t('staff.edit'), member)}>
              {t('staff.edit')}
            </button>
            {member.id === selfId ? null : (
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onToggle(member)} aria-label={named(toggle, member)}>
                {toggle}
              </button>
            )}
            <button
              type="button"
              className={`${ui.button} ${ui.small} ${ui.danger}`}
              onClick={() => onReset(member)}
              aria-label={named(t('staff.reset'), member)}
            >
              {t('staff.reset')}
            </button>
          </div>
        )
      },
    },
  ]
  return <DataTable label={t('staff.listTitle')} columns={columns} rows={members} rowKey={(member) => member.id} />
}
