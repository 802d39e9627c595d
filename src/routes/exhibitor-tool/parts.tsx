import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { useSite } from '../../app-state.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'

/**
 * What the exhibitor's tool pages (leads, CRM) share around their own work: the way back to the area,
 * the sign-in prompt, the choice of exhibitor for a member of several, and how a refusal reads. Each
 * page passes its own words (namespace) and its CSS module, whose classes compose the shared ones.
 */
type ToolStyles = Readonly<Record<string, string>>

export function ToolBack({ namespace, styles, exhibitorId }: { namespace: string; styles: ToolStyles; exhibitorId?: number | null }) {
  const { t } = useTranslation(namespace)
  const site = useSite()
  return (
    <p className={styles.back}>
      <Link to={`/${site.lang}/exhibitor.html${exhibitorId ? `?id=${exhibitorId}` : ''}`}>
        <span aria-hidden="true">←</span>
        {t('back')}
      </Link>
    </p>
  )
}

export function ToolSignIn({ styles }: { styles: ToolStyles }) {
  const { t } = useTranslation('exhibitor')
  return (
    <section className={styles.card}>
      <p className={styles.muted}>{t('login.text')}</p>
      <LoginButton className={styles.primary}>{t('login.button')}</LoginButton>
    </section>
  )
}

export interface ToolExhibitor {
  id: number
  name: string
  exhibition: { title: string }
}

/** A member of several exhibitors picks one; `page` is the tool's address below the language. */
export function ToolChoose({ namespace, styles, items, page }: { namespace: string; styles: ToolStyles; items: readonly ToolExhibitor[]; page: string }) {
  const { t } = useTranslation(namespace)
  const site = useSite()
  return (
    <section className={styles.card}>
      <p className={styles.muted}>{t('chooseExhibitor')}</p>
      <ul className={styles.choose}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/${site.lang}/${page}?id=${item.id}`}>
              {item.name} · {item.exhibition.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A refusal as the member reads it: the namespace's own keys (or another's, named), else the common ones. */
export function useToolRefusal(namespace: string) {
  const { t } = useTranslation(namespace)
  return (error: unknown) => {
    if (!(error instanceof GatewayError)) return t('common:errors.unexpected')
    return error.code.includes(':') ? t(error.code) : t(`common:${error.code}`)
  }
}
