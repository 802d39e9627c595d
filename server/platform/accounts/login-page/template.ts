import { ACCOUNT_LIMITS, SESSION_PATH } from '../../../../shared/rules/accounts.ts'
import type { UrlLanguage } from '../../../../shared/languages.ts'
import { CODE_MINUTES } from '../codes.ts'
import { html, type SafeHtml, withElements } from './html.ts'
import type { Translate } from '../../kit/strings.ts'

export type View =
  | { name: 'signin'; email?: string }
  | { name: 'register'; email?: string; nick?: string }
  | { name: 'verify'; email: string; resent?: boolean }
  | { name: 'forgot'; email?: string }
  | { name: 'reset'; email: string }
  | { name: 'done'; ticket: string; nick: string }

/** What every step carries along: the page language and, on a full-window page, where to return. */
export interface PageState {
  lang: UrlLanguage
  returnTo: string | null
}

export interface Problems {
  /** Already translated. */
  form?: string
  /** field -> translated message */
  fields?: Record<string, string>
}

export interface PageInput {
  view: View
  state: PageState
  problems?: Problems
  t: Translate
  htmlLang: string
  brand: string
  siteOrigin: string
  assets: { css: string; js: string }
}

const CLOSE_ICON = html`<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`

/**
 * The login page (docs/product.md#login): plain server-rendered HTML with its own stylesheet and script from this
 * origin, no inline script or style (strict CSP). It works as a full page and inside the site's
 * login frame; in the frame, its script speaks the docs/product.md#login protocol with the parent.
 */
export function renderLoginPage(input: PageInput): string {
  const { view, t, problems = {} } = input
  const title = t(`title.${view.name}`)
  const formError = problems.form ?? (problems.fields && Object.keys(problems.fields).length ? t('errors.summary') : undefined)
  const page = html`<!doctype html>
<html lang="${input.htmlLang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} | ${input.brand}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${input.assets.css}">
<script type="module" src="${input.assets.js}"></script>
</head>
<body data-site-origin="${input.siteOrigin}">
<main class="card" id="main" aria-labelledby="title">
<div class="head">
<p class="brand">${input.brand}</p>
<button type="button" class="close" data-action="close" hidden aria-label="${t('actions.close')}">${CLOSE_ICON}</button>
</div>
<h1 id="title" tabindex="-1">${title}</h1>
${intro(input)}
${formError ? html`<div class="alert" role="alert" id="form-error" tabindex="-1">${formError}</div>` : null}
${body(input)}
</main>
</body>
</html>
`
  return page.value
}

function intro({ view, t }: PageInput): SafeHtml | null {
  if (view.name === 'verify' || view.name === 'reset') {
    return html`<p class="lead">${t(`intro.${view.name}`, { email: view.email, minutes: CODE_MINUTES })}</p>${
      view.name === 'verify' && view.resent ? html`<p class="notice" role="status">${t('notices.resent')}</p>` : null
    }`
  }
  if (view.name === 'done') return html`<p class="lead" role="status">${t('intro.done', { nick: view.nick })}</p>`
  return html`<p class="lead">${t(`intro.${view.name}`)}</p>`
}

function hidden(state: PageState): SafeHtml {
  return html`<input type="hidden" name="lang" value="${state.lang}">${state.returnTo ? html`<input type="hidden" name="return" value="${state.returnTo}">` : null}`
}

/** A link to another step of this page, keeping the language and the return address. */
function stepHref(state: PageState, view: string): string {
  const query = new URLSearchParams({ lang: state.lang, view })
  if (state.returnTo) query.set('return', state.returnTo)
  return `/login?${query}`
}

interface FieldOptions {
  name: string
  type: 'email' | 'password' | 'text'
  label: string
  value?: string | undefined
  autocomplete: string
  hint?: string
  error?: string | undefined
  attributes?: SafeHtml
  reveal?: boolean
}

function field(options: FieldOptions, t: Translate): SafeHtml {
  const describedBy = [options.hint ? `${options.name}-hint` : '', options.error ? `${options.name}-error` : ''].filter(Boolean).join(' ')
  const input = html`<input id="${options.name}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" ${
    options.value !== undefined && options.type !== 'password' ? html`value="${options.value}" ` : null
  }${options.error ? html`aria-invalid="true" ` : null}${describedBy ? html`aria-describedby="${describedBy}" ` : null}${options.attributes ?? null}>`
  return html`<div class="field${options.error ? ' invalid' : ''}">
<label for="${options.name}">${options.label}</label>
${
  options.reveal
    ? html`<div class="password">${input}<button type="button" class="reveal" data-action="reveal" data-for="${options.name}" data-show="${t('actions.show')}" data-hide="${t('actions.hide')}" aria-pressed="false" hidden>${t('actions.show')}</button></div>`
    : input
}
${options.hint ? html`<p class="hint" id="${options.name}-hint">${options.hint}</p>` : null}
${options.error ? html`<p class="field-error" id="${options.name}-error">${options.error}</p>` : null}
</div>`
}

function body(input: PageInput): SafeHtml {
  const { view, state, t, problems = {} } = input
  const errors = problems.fields ?? {}
  const emailField = (value: string | undefined, autocomplete = 'username') =>
    field(
      {
        name: 'email',
        type: 'email',
        label: t('fields.email'),
        value,
        autocomplete,
        error: errors.email,
        attributes: html`required maxlength="254" inputmode="email" spellcheck="false" autocapitalize="none"`,
      },
      t,
    )
  const passwordHint = t('hints.password', { min: ACCOUNT_LIMITS.passwordMin })
  const newPassword = (label: string) =>
    field(
      {
        name: 'password',
        type: 'password',
        label,
        autocomplete: 'new-password',
        hint: passwordHint,
        error: errors.password,
        reveal: true,
        attributes: html`required minlength="${ACCOUNT_LIMITS.passwordMin}" maxlength="${ACCOUNT_LIMITS.passwordMax}"`,
      },
      t,
    )
  const codeField = field(
    {
      name: 'code',
      type: 'text',
      label: t('fields.code'),
      autocomplete: 'one-time-code',
      error: errors.code,
      attributes: html`required inputmode="numeric" pattern="[0-9 ]*" maxlength="12" spellcheck="false"`,
    },
    t,
  )
  // docs/product.md#login `opennew`: the parent puts its own address where `##` stands, so the full-window page
  // can bring the visitor back to it.
  const fullWindow = html`<p class="full-window" hidden><a href="/login?lang=${state.lang}&amp;view=${view.name === 'register' ? 'register' : 'signin'}&amp;return=##" data-opennew>${t(
    'actions.fullPage',
  )}</a></p>`

  switch (view.name) {
    case 'signin':
      return html`<form method="post" action="/login/signin" novalidate>
${hidden(state)}
${emailField(view.email)}
${field(
  {
    name: 'password',
    type: 'password',
    label: t('fields.password'),
    autocomplete: 'current-password',
    error: errors.password,
    reveal: true,
    attributes: html`required maxlength="${ACCOUNT_LIMITS.passwordMax}"`,
  },
  t,
)}
<p class="aside"><a href="${stepHref(state, 'forgot')}">${t('links.forgot')}</a></p>
<button class="primary" type="submit">${t('actions.signin')}</button>
</form>
<p class="switch"><a href="${stepHref(state, 'register')}">${t('links.toRegister')}</a></p>
${fullWindow}`
    case 'register':
      return html`<form method="post" action="/login/register" novalidate>
${hidden(state)}
${field(
  {
    name: 'nick',
    type: 'text',
    label: t('fields.nick'),
    value: view.nick,
    autocomplete: 'nickname',
    hint: t('hints.nick', { min: ACCOUNT_LIMITS.nickMin, max: ACCOUNT_LIMITS.nickMax }),
    error: errors.nick,
    attributes: html`required minlength="${ACCOUNT_LIMITS.nickMin}" maxlength="${ACCOUNT_LIMITS.nickMax}"`,
  },
  t,
)}
${emailField(view.email, 'email')}
${newPassword(t('fields.password'))}
<p class="legal">${withElements(t('legal.text'), {
        terms: html`<a href="${input.siteOrigin}/${state.lang}/legal/terms.html" target="_blank" rel="noopener" data-opennew>${t('legal.terms')}</a>`,
        privacy: html`<a href="${input.siteOrigin}/${state.lang}/legal/privacy.html" target="_blank" rel="noopener" data-opennew>${t('legal.privacy')}</a>`,
      })}</p>
<button class="primary" type="submit">${t('actions.register')}</button>
</form>
<p class="switch"><a href="${stepHref(state, 'signin')}">${t('links.toSignin')}</a></p>
${fullWindow}`
    case 'verify':
      return html`<form method="post" action="/login/verify" novalidate>
${hidden(state)}
<input type="hidden" name="email" value="${view.email}">
${codeField}
<button class="primary" type="submit">${t('actions.verify')}</button>
</form>
<form method="post" action="/login/resend" class="secondary-form">
${hidden(state)}
<input type="hidden" name="email" value="${view.email}">
<button class="link-button" type="submit">${t('actions.resend')}</button>
</form>
<p class="switch"><a href="${stepHref(state, 'signin')}">${t('links.back')}</a></p>`
    case 'forgot':
      return html`<form method="post" action="/login/forgot" novalidate>
${hidden(state)}
${emailField(view.email)}
<button class="primary" type="submit">${t('actions.forgot')}</button>
</form>
<p class="switch"><a href="${stepHref(state, 'signin')}">${t('links.back')}</a></p>`
    case 'reset':
      return html`<form method="post" action="/login/reset" novalidate>
${hidden(state)}
<input type="hidden" name="email" value="${view.email}">
${codeField}
${newPassword(t('fields.newPassword'))}
<button class="primary" type="submit">${t('actions.reset')}</button>
</form>
<form method="post" action="/login/forgot" class="secondary-form">
${hidden(state)}
<input type="hidden" name="email" value="${view.email}">
<button class="link-button" type="submit">${t('actions.resend')}</button>
</form>
<p class="switch"><a href="${stepHref(state, 'signin')}">${t('links.back')}</a></p>`
    case 'done':
      // In the frame the script hands the ticket to the site (docs/product.md#login `reload`); as a full page the
      // visitor takes it there with this form.
      return html`<form method="post" action="${input.siteOrigin}${SESSION_PATH}" data-ticket-form>
<input type="hidden" name="cookie" value="${view.ticket}">
${hidden(state)}
<button class="primary" type="submit">${t('actions.continue', { brand: input.brand })}</button>
</form>`
  }
}
