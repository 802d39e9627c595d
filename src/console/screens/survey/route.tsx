import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type SurveyEditor, type SurveyResults, surveyEditor, surveyResults } from '../../../api/console-survey.ts'
import { useConsoleShell } from '../../console-state.ts'
import { exhibitionPath } from '../../lib/catalog-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { Questions } from './questions.tsx'
import { Results } from './results.tsx'

type Loaded = { editor: SurveyEditor; results: SurveyResults }

const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined)

export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  const exhibitionId = Number(args.params.id)
  const url = new URL(args.request.url)
  const textQuestionId = positive(url.searchParams.get('textQuestion'))
  const textPage = positive(url.searchParams.get('textPage'))
  const [editor, results] = await Promise.all([
    staffCall(args, surveyEditor, { exhibitionId }),
    staffCall(args, surveyResults, { exhibitionId, ...(textQuestionId ? { textQuestionId } : {}), ...(textPage ? { textPage } : {}) }),
  ])
  return { editor, results }
}

/**
 * An exhibition's post-event survey (docs/product.md#survey): its questions in the 12
 * languages, and once the exhibition is over and people answered, the results and their export.
 */
export function Component() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const loaded = useLoaderData() as Loaded
  const revalidator = useRevalidator()
  const [editor, setEditor] = useState(loaded.editor)
  const [status, setStatus] = useState('')
  // A reload of the loader (paging the answers) brings a newer editor than the one kept here.
  const [seen, setSeen] = useState(loaded.editor)
  if (seen !== loaded.editor) {
    setSeen(loaded.editor)
    setEditor(loaded.editor)
  }
  const { exhibition } = editor
  const ends = new Date(exhibition.endsAt).toLocaleString(language, { dateStyle: 'long', timeStyle: 'short' })
  return (
    <ConsolePage
      title={t('survey.title', { exhibition: exhibition.title })}
      lead={t('survey.lead')}
      actions={
        <Link className={ui.button} to={exhibitionPath(exhibition.id)}>
          {t('survey.back')}
        </Link>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <p className={ui.muted}>{exhibition.ended ? t('survey.ended', { date: ends }) : t('survey.notEnded', { date: ends })}</p>
      <Questions
        editor={editor}
        onChanged={async (next, message) => {
          setEditor(next)
          await revalidator.revalidate()
          setStatus(message)
        }}
      />
      <Results results={loaded.results} exhibitionId={exhibition.id} />
    </ConsolePage>
  )
}
