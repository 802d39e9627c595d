import { useTranslation } from 'react-i18next'

/**
 * What made an audit record, readable: a console function (`console$invite` -> "Invite a member") or
 * a command of `npm run staff` (`cli:add`); anything else as it is.
 */
export function useFunctionLabel(): (route: string) => string {
  const { t, i18n } = useTranslation()
  return (route) => {
    const key = `functions.${route.replace(/^console\$/, '').replace(/^cli:/, 'cli-')}`
    return i18n.exists(key) ? t(key) : route
  }
}
