import express, { type Router } from 'express'
import { answersFromForm, SURVEY_MESSAGES, surveyPath } from '../../../shared/rules/survey.ts'
import { isUrlLanguage, localeOf } from '../../../shared/languages.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { submitSurvey, surveyForm } from './survey-visitor.ts'

/** What the page may be told after a form post without JavaScript (anything else is "try again"). */
export const FORM_FAILURES = ['errors.rateLimited', 'survey:errors.answered'] as const

/**
 * The survey form without JavaScript (progressive enhancement): the browser posts the form to the
 * page's own address; the answer goes through the same checks as the gateway's, then the browser is
 * sent back to the page (POST/redirect/GET) with `sent`, or with the field errors to show.
 */
export function surveyRoutes(router: Router, platform: Platform): void {
  router.post('/:lang/survey/:token', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 }), async (req, res, next) => {
    const lang = String(req.params.lang)
    const token = String(req.params.token)
    if (!isUrlLanguage(lang)) return next()
    const locale = localeOf(lang)
    const ip = (res.locals.context?.ip as string | undefined) ?? req.ip ?? ''
    const back = (query: Record<string, string>) => {
      const search = new URLSearchParams(query).toString()
      res.setHeader('Cache-Control', 'no-store')
      res.redirect(303, `${surveyPath(lang, token)}${search ? `?${search}` : ''}`)
    }
    try {
      const form = await surveyForm(platform, token, locale, ip)
      const body = (req.body ?? {}) as Record<string, string | string[]>
      const get = (name: string) => {
        const value = body[name]
        return value === undefined ? [] : Array.isArray(value) ? value : [value]
      }
      await submitSurvey(platform, platform.db, token, answersFromForm(form.questions, get), locale, ip)
      back({ sent: '1' })
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error)
      if (error.fields) {
        const known = new Set<string>(Object.values(SURVEY_MESSAGES))
        const fields = Object.fromEntries(Object.entries(error.fields).filter(([, key]) => known.has(key)))
        return back({ errors: JSON.stringify(fields) })
      }
      // An unknown token answers with the page's own 404.
      if (error.code === 'survey:errors.notFound') return back({})
      back({ failed: (FORM_FAILURES as readonly string[]).includes(error.code) ? error.code : 'errors.unexpected' })
    }
  })
}
