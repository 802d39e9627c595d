import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleExhibitorDetail, setExhibitorPassGrant } from '../../../api/console-exhibitors.ts'
import { EXHIBITOR_LIMITS } from '../../../../shared/rules/exhibitors.ts'
import { displayName } from '../../../../shared/rules/names.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import detail from '../../ui/facts.module.css'
import styles from './exhibitor.module.css'

/**
 * The exhibitor's team passes (docs/product.md#team-passes): how many are named of the allowance, who
 * holds them and whether they came in; a manager sets the organiser's grant.
 */
export function Passes({
  exhibitor,
  mayGrant,
  onDone,
}: {
  exhibitor: ConsoleExhibitorDetail
  mayGrant: boolean
  onDone(status: { text: string; failed: boolean }): void
}) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const grant = new FormData(event.currentTarget).get('grant')
    setBusy(true)
    try {
      await client.call(setExhibitorPassGrant, { exhibitorId: exhibitor.id, grant: Number(grant) })
      onDone({ text: t('exhibitors.passes.saved'), failed: false })
    } catch (caught) {
      onDone({ text: errorText(caught), failed: true })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <p>{t('exhibitors.passes.named', { named: exhibitor.passes.named, allowance: exhibitor.passes.allowance })}</p>
      {exhibitor.passes.named > exhibitor.passes.allowance ? (
        <p className={ui.alert}>{t('exhibitors.passes.over', { count: exhibitor.passes.named - exhibitor.passes.allowance })}</p>
      ) : null}
      {mayGrant ? (
        <form className={ui.form} onSubmit={save}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="exhibitor-pass-grant">
              {t('exhibitors.passes.grant')}
            </label>
            <input
              id="exhibitor-pass-grant"
              name="grant"
              type="number"
              inputMode="numeric"
              min={0}
              max={EXHIBITOR_LIMITS.passGrant}
              required
              className={ui.input}
              defaultValue={exhibitor.passes.allowance}
              aria-describedby="exhibitor-pass-grant-hint"
            />
            <p id="exhibitor-pass-grant-hint" className={ui.hint}>
              {t('exhibitors.passes.grantHint', { max: EXHIBITOR_LIMITS.passGrant })}
            </p>
          </div>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {t('exhibitors.passes.save')}
          </button>
        </form>
      ) : null}
      {exhibitor.namedPasses.length ? (
        <ul className={detail.entries}>
          {exhibitor.namedPasses.map((pass) => (
            <li key={pass.id} className={detail.entry}>
              <div className={styles.itemHead}>
                <span>{displayName({ first: pass.firstName, last: pass.lastName })}</span>
                {pass.checkedIn ? <span className={`${ui.badge} ${ui.badgeGood}`}>{t('exhibitors.passes.checkedIn')}</span> : null}
              </div>
              <div className={`${ui.muted} ${styles.email}`}>{pass.email}</div>
              <div className={ui.muted}>
                {t('exhibitors.passes.issued')}: {formatDateTime(pass.issuedAt, language)}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>{t('exhibitors.passes.none')}</p>
      )}
    </>
  )
}
