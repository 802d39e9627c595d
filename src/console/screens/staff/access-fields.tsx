import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { STAFF_ROLES, type StaffRole } from '../../../../shared/rules/console-access.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'

/** Roles and exhibition limits as a form sends them: every checked role; null for all exhibitions. */
export function accessFromForm(form: FormData): { roles: StaffRole[]; exhibitionIds: number[] | null } {
  const roles = form.getAll('roles').filter((value): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(String(value)))
  if (form.get('scope') !== 'some') return { roles, exhibitionIds: null }
  const ids = String(form.get('exhibitionIds') ?? '')
    .split(/[\s,，、]+/)
    .filter(Boolean)
    .map(Number)
  return { roles, exhibitionIds: [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))] }
}

interface AccessFieldsProps {
  roles: readonly StaffRole[]
  exhibitionIds: readonly number[] | null
  rolesError?: string | undefined
}

/** Which roles a member holds and which exhibitions they may work on (docs/product.md#console-access). */
export function AccessFields({ roles, exhibitionIds, rolesError }: AccessFieldsProps) {
  const { t } = useTranslation()
  const id = useId()
  const [scope, setScope] = useState<'all' | 'some'>(exhibitionIds === null ? 'all' : 'some')
  return (
    <>
      <fieldset className={ui.fieldset} aria-describedby={rolesError ? `${id}-roles-error` : undefined}>
        <legend className={ui.legend}>{t('staff.roles')}</legend>
        <div className={ui.choices}>
          {STAFF_ROLES.map((role) => (
            <label key={role} className={ui.choice} title={t(`roles.${role}.description`)}>
              <input type="checkbox" name="roles" value={role} defaultChecked={roles.includes(role)} />
              {t(`roles.${role}.label`)}
            </label>
          ))}
        </div>
        {rolesError ? (
          <p className={ui.fieldError} id={`${id}-roles-error`}>
            {rolesError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('staff.exhibitions')}</legend>
        <div className={ui.choices}>
          <label className={ui.choice}>
            <input type="radio" name="scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
            {t('staff.allExhibitions')}
          </label>
          <label className={ui.choice}>
            <input type="radio" name="scope" value="some" checked={scope === 'some'} onChange={() => setScope('some')} />
            {t('staff.someExhibitions')}
          </label>
        </div>
        {scope === 'some' ? (
          <TextField
            label={t('staff.exhibitionIds')}
            hint={t('staff.exhibitionIdsHint')}
            name="exhibitionIds"
            inputMode="numeric"
            defaultValue={exhibitionIds?.join(', ') ?? ''}
          />
        ) : null}
      </fieldset>
    </>
  )
}
