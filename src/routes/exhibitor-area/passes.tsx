import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PassesView, revokeExhibitorPass } from '../../api/exhibitors.ts'
import { useGateway } from '../../app-state.ts'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog.tsx'
import { displayName } from '../../../shared/rules/names.ts'
import { lazySection } from '../../lib/lazy-section.tsx'
import { loadNamespaces } from '../route-kit.ts'
import { ActionStatus } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction } from './messages.ts'

type Pass = PassesView['passes'][number]
/** The form open: a new person on a free pass, or another person on a named one. */
type Editing = { kind: 'name' } | { kind: 'rename'; pass: Pass } | null

const nameOf = (pass: Pass) => displayName({ first: pass.firstName, last: pass.lastName })

// The form, the phone field and the tickets namespace's words arrive when an admin opens the form
// (the area's first visit stays within its budget, docs/CONVENTIONS.md#a-console-screen-srcconsole).
const PassForm = lazySection('exhibitor-area/pass-form', async () => {
  const [module] = await Promise.all([import('./pass-form.tsx'), loadNamespaces(['tickets'])])
  return module.default
})

/**
 * The exhibitor's team passes (docs/product.md#team-passes): how many of the allowance are named, who
 * holds each and whether they came in. Administrators name a pass with the attendee form's fields and
 * messages, give it to someone else (the old e-ticket stops working) or revoke it (asked first); staff
 * read the names only.
 */
export function PassesSection({ exhibitorId, passes: loaded, active }: { exhibitorId: number; passes: PassesView; active: boolean }) {
  const { t } = useTranslation('exhibitor')
  const gateway = useGateway()
  const [passes, setPasses] = useState(loaded)
  const [editing, setEditing] = useState<Editing>(null)
  const [revoking, setRevoking] = useState<Pass | null>(null)
  const { busy, problem, notice, setNotice, run } = useAreaAction()
  const admin = passes.role === 'admin' && active
  const full = passes.named >= passes.allowance
  // A booth freed or a grant lowered: nobody is revoked, but no one more is named until back within.
  const over = passes.named - passes.allowance

  const revoke = () =>
    run(async () => {
      if (!revoking) return
      const pass = revoking
      setPasses(await gateway.call(revokeExhibitorPass, { exhibitorId, passId: pass.id }))
      setNotice(t('passes.revoked', { name: nameOf(pass) }))
    }).finally(() => setRevoking(null))

  return (
    <section id="passes" className={styles.card} aria-labelledby="passes-title">
      <h2 id="passes-title" className={styles.cardTitle}>
        {t('passes.title')}
      </h2>
      {passes.allowance === 0 && passes.named === 0 ? (
        <p className={styles.muted}>{t('passes.none')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('passes.count', { named: passes.named, count: passes.allowance })}</p>
          {over > 0 ? <p className={styles.alert}>{t('passes.over', { count: over, named: passes.named, allowance: passes.allowance })}</p> : null}
          <ActionStatus notice={notice} problem={problem} />
          {passes.passes.length ? (
            <ul className={styles.members} aria-label={t('passes.list')}>
              {passes.passes.map((pass) => (
                <li key={pass.id} className={styles.member}>
                  <div className={styles.memberWho}>
                    <p className={styles.memberName}>
                      <bdi>{nameOf(pass)}</bdi>
                    </p>
                    {pass.email ? <p className={`${styles.meta} ${styles.breakable}`}>{pass.email}</p> : null}
                  </div>
                  <span className={`${styles.badge} ${pass.checkedIn ? styles.badgeAdmin : ''}`}>
                    {pass.checkedIn ? t('passes.checkedIn') : t('passes.notCheckedIn')}
                  </span>
                  {admin ? (
                    <div className={styles.memberActions}>
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy}
                        aria-label={t('passes.renameNamed', { name: nameOf(pass) })}
                        onClick={() => setEditing({ kind: 'rename', pass })}
                      >
                        {t('passes.rename')}
                      </button>
                      <button
                        type="button"
                        className={styles.secondary}
                        disabled={busy}
                        aria-label={t('passes.revokeNamed', { name: nameOf(pass) })}
                        onClick={() => setRevoking(pass)}
                      >
                        {t('passes.revoke')}
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {admin && editing ? (
            <Suspense fallback={<p className={styles.muted}>{t('passes.name')}…</p>}>
              <PassForm
                key={editing.kind === 'rename' ? editing.pass.id : 'new'}
                exhibitorId={exhibitorId}
                renaming={editing.kind === 'rename' ? editing.pass : null}
                onDone={(view, name) => {
                  setPasses(view)
                  setEditing(null)
                  setNotice(t(editing.kind === 'rename' ? 'passes.renamed' : 'passes.named', { name }))
                }}
                onCancel={() => setEditing(null)}
              />
            </Suspense>
          ) : admin && !full ? (
            <button type="button" className={styles.primary} disabled={busy} onClick={() => setEditing({ kind: 'name' })}>
              {t('passes.name')}
            </button>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('passes.revokeTitle', { name: revoking ? nameOf(revoking) : '' })}
        text={t('passes.revokeText')}
        confirmLabel={t('passes.revokeConfirm')}
        cancelLabel={t('team.cancel')}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  )
}
