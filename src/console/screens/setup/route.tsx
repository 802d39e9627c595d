import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { setupInfo } from '../../../api/console.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { ERROR_CODES } from '../../../../shared/functions/gateway.ts'
import { consoleLoaderContext } from '../../console-state.ts'
import { SIGN_IN_PATH } from '../../lib/paths.ts'
import { StandaloneCard } from '../../ui/standalone-card.tsx'
import styles from '../../ui/ui.module.css'
import { SecretBox } from './secret-box.tsx'
import { SetupForm } from './setup-form.tsx'

type SetupData = { token: string; info: { email: string; secret: string; otpauthUri: string; qrSvg: string } } | { token: string; info: null; problem: string }

/** A set-up link that is wrong, used or expired is a message on this page, not an error page. */
export async function loader(args: LoaderFunctionArgs): Promise<SetupData> {
  const token = args.params.token ?? ''
  try {
    return { token, info: await args.context.get(consoleLoaderContext).client.call(setupInfo, { token }) }
  } catch (error) {
    const refused = error instanceof GatewayError && [ERROR_CODES.invalid, ERROR_CODES.notFound, ERROR_CODES.gone].includes(error.errorCode as 400)
    if (!refused) throw error
    return { token, info: null, problem: error.code }
  }
}

/** Set-up from the one-time link (docs/product.md#staff-accounts): the second factor, then a password, then signed in. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as SetupData
  if (!data.info) {
    return (
      <StandaloneCard title={t('setup.invalidTitle')}>
        <p className={styles.alert} role="alert">
          {t('setup.invalidText')}
        </p>
        <p>
          <a href={SIGN_IN_PATH}>{t('setup.toSignIn')}</a>
        </p>
      </StandaloneCard>
    )
  }
  return (
    <StandaloneCard title={t('setup.title')} lead={t('setup.lead', { email: data.info.email })} wide>
      <SecretBox secret={data.info.secret} qrSvg={data.info.qrSvg} />
      <SetupForm token={data.token} email={data.info.email} />
    </StandaloneCard>
  )
}
