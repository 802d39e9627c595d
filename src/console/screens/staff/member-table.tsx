import { useTranslation } from 'react-i18next'
import type { StaffListItem } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
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
  return (
    <TableFrame label={t('staff.listTitle')}>
      <table className={ui.table}>
        <caption className="visually-hidden">{t('staff.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.member')}</th>
            <th scope="col">{t('staff.roles')}</th>
            <th scope="col">{t('staff.exhibitions')}</th>
            <th scope="col">{t('staff.status')}</th>
            <th scope="col">{t('staff.lastSignIn')}</th>
            <th scope="col">{t('staff.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td>
                <div>{member.name}</div>
                <div className={ui.muted}>{member.email}</div>
              </td>
              <td>
                <span className={styles.roleList}>
                  {member.roles.map((role) => (
                    <span key={role} className={ui.badge}>
                      {t(`roles.${role}.label`)}
                    </span>
                  ))}
                </span>
              </td>
              <td>{member.exhibitionIds === null ? t('staff.allExhibitions') : member.exhibitionIds.join(', ')}</td>
              <td>
                <span className={`${ui.badge} ${STATUS_BADGE[member.status]}`}>{t(`staff.statuses.${member.status}`)}</span>
              </td>
              <td className={ui.nowrap}>{member.lastSignInAt ? formatDateTime(member.lastSignInAt, language) : t('staff.never')}</td>
              <td>
                <div className={ui.actions}>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    onClick={() => onEdit(member)}
                    aria-label={t('staff.actionFor', { action: t('staff.edit'), name: member.name })}
                  >
                    {t('staff.edit')}
                  </button>
                  {member.id === selfId ? null : (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      onClick={() => onToggle(member)}
                      aria-label={t('staff.actionFor', { action: t(member.status === 'disabled' ? 'staff.enable' : 'staff.disable'), name: member.name })}
                    >
                      {t(member.status === 'disabled' ? 'staff.enable' : 'staff.disable')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small} ${ui.danger}`}
                    onClick={() => onReset(member)}
                    aria-label={t('staff.actionFor', { action: t('staff.reset'), name: member.name })}
                  >
                    {t('staff.reset')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  )
}
