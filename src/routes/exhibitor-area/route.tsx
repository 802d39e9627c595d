import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import { useReloadWhenUserChanges } from '../../components/account-menu/user-store.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'
import { type AreaLoad, loadArea } from './area-load.ts'
import { AreaPage } from './area-page.tsx'
import styles from './exhibitor-area.module.css'
import { ExhibitorList } from './exhibitor-list.tsx'
import { Invitation } from './invitation.tsx'
import { Workspace } from './workspace.tsx'

export const loader = loadArea

/**
 * The exhibitor area (docs/product.md#exhibitors, `/{lang}/exhibitor.html`): the signed-in member's
 * exhibitors, one exhibitor's profile and team (`?id=`), and an invitation to a team from its mail
 * (`?invitation=`). Personal: never cached, `noindex`; a visitor gets the sign-in prompt.
 */
export function Component() {
  const loaded = useLoaderData() as AreaLoad
  useReloadWhenUserChanges()
  if (loaded.kind === 'login') return <SignIn invitation={loaded.invitation} />
  if (loaded.kind === 'list') return <ExhibitorList items={loaded.items} />
  if (loaded.kind === 'missing') return <Missing />
  if (loaded.kind === 'invitation') return <Invitation loaded={loaded} />
  // Another exhibitor, or the same one saved by someone else and reloaded, starts its forms afresh.
  return (
    <Workspace
      key={`${loaded.workspace.exhibitor.id}:${loaded.workspace.profile.version}`}
      workspace={loaded.workspace}
      countries={loaded.countries}
      checklist={loaded.checklist}
      booth={loaded.booth}
      passes={loaded.passes}
    />
  )
}

function SignIn({ invitation }: { invitation: boolean }) {
  const { t } = useTranslation('exhibitor')
  return (
    <AreaPage heading={<h1 className={styles.title}>{invitation ? t('invitation.title') : t('area.title')}</h1>}>
      <section className={`${styles.card} ${styles.prompt}`} aria-labelledby="exhibitor-login-title">
        <h2 id="exhibitor-login-title" className={styles.cardTitle}>
          {invitation ? t('login.invitationTitle') : t('login.title')}
        </h2>
        <p className={styles.muted}>{invitation ? t('login.invitationText') : t('login.text')}</p>
        <LoginButton className={styles.primary}>{t('login.button')}</LoginButton>
      </section>
    </AreaPage>
  )
}

function Missing() {
  const { t } = useTranslation('exhibitor')
  return (
    <AreaPage back heading={<h1 className={styles.title}>{t('area.title')}</h1>}>
      <section className={styles.card} aria-labelledby="exhibitor-missing">
        <h2 id="exhibitor-missing" className={styles.cardTitle}>
          {t('area.missingTitle')}
        </h2>
        <p className={styles.muted}>{t('errors.notFound')}</p>
      </section>
    </AreaPage>
  )
}
