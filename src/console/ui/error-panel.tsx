import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CONSOLE_HOME } from '../lib/paths.ts'
import styles from './ui.module.css'

/** What went wrong, by status: a refused search, no access for the role, not found, the database away, or a failure worth retrying. */
export function ErrorPanel({ status }: { status: number }) {
  const { t } = useTranslation()
  const kind = status === 400 ? 'invalid' : status === 403 ? 'forbidden' : status === 404 ? 'notFound' : status === 503 ? 'unavailable' : 'failed'
  return (
    <div className={styles.panel} role="alert">
      <h1 className={styles.title}>{t(`errorPage.${kind}.title`)}</h1>
      <p className={styles.lead}>{t(`errorPage.${kind}.text`)}</p>
      <p>
        <Link to={CONSOLE_HOME}>{t('errorPage.home')}</Link>
      </p>
    </div>
  )
}
