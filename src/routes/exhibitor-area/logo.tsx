import { type ChangeEvent, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { type ProfileView, removeExhibitorLogo } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { EXHIBITOR_LIMITS, EXHIBITOR_LOGO_FIELD, EXHIBITOR_LOGO_PATH, EXHIBITOR_MESSAGES } from '../../../shared/rules/exhibitors.ts'
import { ActionStatus } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction } from './messages.ts'

type Logo = ProfileView['logo']

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/avif,image/gif'

/**
 * Sends the picture to the logo route (docs/product.md#exhibitors) with the visitor's access token, as
 * the gateway client would; a token that has expired is renewed once. Refusals are GatewayErrors with
 * the route's message and its values (the size limit).
 */
async function uploadLogo(exhibitorId: number, file: File, locale: string): Promise<Logo> {
  // The token source brings axios: it comes with the first upload, not with the page (docs/product.md#performance).
  const tokens = (await import('../../api/browser-tokens.ts')).createBrowserTokenSource()
  const send = async (token: string | undefined) => {
    const body = new FormData()
    body.append(EXHIBITOR_LOGO_FIELD, file, file.name)
    const response = await fetch(`${EXHIBITOR_LOGO_PATH}?exhibitor=${exhibitorId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token ?? ''}`, LanguageCode: locale },
      body,
    })
    const envelope = (await response.json().catch(() => null)) as { succeed?: boolean; ErrorCode?: number; message?: string; data?: unknown } | null
    return { status: envelope?.ErrorCode ?? response.status, envelope }
  }
  let answer: Awaited<ReturnType<typeof send>>
  try {
    answer = await send(tokens.current())
    if (answer.status === 401) answer = await send((await tokens.obtain()).token)
  } catch {
    throw new GatewayError(0, 'errors.network', null)
  }
  if (answer.status === 200 && answer.envelope?.succeed) return (answer.envelope.data as { logo: Logo }).logo
  throw new GatewayError(answer.status, answer.envelope?.message || EXHIBITOR_MESSAGES.logoFailed, answer.envelope)
}

/** The checks the route makes first, so that a file it would refuse never travels. */
function precheck(file: File): string | null {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return EXHIBITOR_MESSAGES.logoSvg
  if (file.size > EXHIBITOR_LIMITS.logoMb * 1024 * 1024) return EXHIBITOR_MESSAGES.logoTooLarge
  if (file.size === 0) return EXHIBITOR_MESSAGES.logoNotImage
  return null
}

/**
 * The company's logo: administrators upload or remove it at once (it is not part of the versioned
 * profile, so it never makes a colleague's open edit stale); staff see it.
 */
export function LogoField({
  exhibitorId,
  name,
  logo,
  admin,
  onLogo,
}: {
  exhibitorId: number
  name: string
  logo: Logo
  admin: boolean
  onLogo(logo: Logo): void
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const id = useId()
  const { busy, problem, setProblem, notice, setNotice, run } = useAreaAction()

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file may be chosen again after a refusal.
    event.target.value = ''
    if (!file) return
    const refused = precheck(file)
    if (refused) {
      setNotice('')
      setProblem(t(refused, { maxMb: EXHIBITOR_LIMITS.logoMb }))
      return
    }
    void run(async () => {
      onLogo(await uploadLogo(exhibitorId, file, site.locale))
      setNotice(t('logo.uploaded'))
    })
  }

  const remove = () =>
    run(async () => {
      onLogo((await gateway.call(removeExhibitorLogo, { exhibitorId })).logo)
      setNotice(t('logo.removed'))
    })

  return (
    <div className={styles.logoBlock}>
      <h3 className={styles.legend}>{t('logo.title')}</h3>
      <div className={styles.logoRow}>
        <div className={styles.logoFrame}>
          {logo ? (
            <img className={styles.logoImage} src={logo.src} width={logo.width} height={logo.height} alt={t('logo.alt', { exhibitor: name })} />
          ) : (
            <span className={styles.muted}>{t('logo.none')}</span>
          )}
        </div>
        {admin ? (
          <div className={styles.logoActions}>
            <p id={`${id}-hint`} className={styles.hint}>
              {t('logo.hint', { maxMb: EXHIBITOR_LIMITS.logoMb })}
            </p>
            <div className={styles.logoButtons}>
              <label className={`${styles.secondary} ${styles.fileButton} ${busy ? styles.fileBusy : ''}`} htmlFor={`${id}-file`}>
                {busy ? t('logo.working') : logo ? t('logo.replace') : t('logo.choose')}
                <input
                  id={`${id}-file`}
                  type="file"
                  accept={ACCEPTED}
                  className="visually-hidden"
                  disabled={busy}
                  aria-describedby={`${id}-hint`}
                  onChange={choose}
                />
              </label>
              {logo ? (
                <button type="button" className={styles.remove} disabled={busy} onClick={() => void remove()}>
                  {t('logo.remove')}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <ActionStatus notice={notice} problem={problem} />
    </div>
  )
}
