// The login page's only script. In the site's login frame it speaks the docs/product.md#login protocol
// with the parent page, always addressed to the site's origin: `reload` with the one-time login
// ticket after sign-in, `close` when the visitor closes the frame, `opennew` for links that must
// open in the top page. As a full page it only adds the password toggles and focus.

const siteOrigin = document.body.dataset.siteOrigin || ''
const framed = window.parent !== window

function tell(message) {
  window.parent.postMessage(message, siteOrigin)
}

if (framed) {
  document.documentElement.classList.add('framed')
  for (const element of document.querySelectorAll('[data-action="close"], .full-window')) element.hidden = false
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null
    if (target?.closest('[data-action="close"]')) {
      tell({ type: 'close' })
      return
    }
    const link = target?.closest('a[data-opennew]')
    if (link) {
      event.preventDefault()
      // `##` stays as it is: the parent puts its own address there.
      tell({ type: 'opennew', url: new URL(link.getAttribute('href') || '', window.location.href).href })
    }
  })
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') tell({ type: 'close' })
  })
  const ticketForm = document.querySelector('form[data-ticket-form]')
  const ticket = ticketForm?.querySelector('input[name="cookie"]')
  if (ticketForm && ticket instanceof HTMLInputElement) {
    ticketForm.hidden = true
    tell({ type: 'reload', cookie: ticket.value })
  }
}

for (const button of document.querySelectorAll('button[data-action="reveal"]')) {
  const input = document.getElementById(button.getAttribute('data-for') || '')
  if (!(input instanceof HTMLInputElement)) continue
  button.hidden = false
  button.addEventListener('click', () => {
    const show = input.type === 'password'
    input.type = show ? 'text' : 'password'
    button.setAttribute('aria-pressed', String(show))
    button.textContent = (show ? button.getAttribute('data-hide') : button.getAttribute('data-show')) || ''
    input.focus()
  })
}

// A form is sent once: a second press while the first is on its way does nothing.
for (const form of document.querySelectorAll('form')) {
  form.addEventListener('submit', (event) => {
    if (form.dataset.sending === 'true') {
      event.preventDefault()
      return
    }
    form.dataset.sending = 'true'
    // A revealed password goes out as a password field again (browsers then offer to save it).
    for (const password of form.querySelectorAll('input[name="password"]')) password.setAttribute('type', 'password')
  })
}

const firstInvalid = document.querySelector('[aria-invalid="true"]')
const formError = document.getElementById('form-error')
const firstField = document.querySelector('main form input:not([type="hidden"])')
if (firstInvalid instanceof HTMLElement) firstInvalid.focus()
else if (formError) formError.focus()
else if (firstField instanceof HTMLElement) firstField.focus()
