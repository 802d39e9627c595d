import { useTranslation } from 'react-i18next'
import { ListPager } from '../../ui/pager.tsx'
import ui from '../../ui/ui.module.css'
import { Alert } from '../../ui/form-end.tsx'

/** A register view's pager: the same landmark name and summary on every view, its address the view's own. */
export function RegisterPager({ data, total, href }: { data: { page: number; pageSize: number }; total: number; href(page: number): string }) {
  const { t } = useTranslation()
  return (
    <ListPager
      label={t('register.pages')}
      summary={(values) => t('register.pageOf', values)}
      page={data.page}
      total={total}
      pageSize={data.pageSize}
      href={href}
    />
  )
}

/** What the last change did (a polite status, kept in the page so it is announced) or why it failed (an alert). */
export function RegisterStatus({ notice, problem }: { notice: string; problem: string }) {
  return (
    <>
      <p role="status" className={notice ? ui.success : 'visually-hidden'}>
        {notice}
      </p>
      <Alert message={problem} />
    </>
  )
}
