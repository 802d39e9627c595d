import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Alert } from './form-end.tsx'
import ui from './ui.module.css'

describe('a refusal said with Alert', () => {
  it('when there is nothing to say, then nothing is drawn', () => {
    expect(renderToString(<Alert message="" />)).toBe('')
    expect(renderToString(<Alert message={null} beside />)).toBe('')
  })

  it('when it follows a row of buttons, then it is announced as small as a field’s error, not as the form’s banner', () => {
    expect(ui.fieldError).not.toBe(ui.alert)
    expect(renderToString(<Alert message="Too many exports at once." beside />)).toBe(`<p class="${ui.fieldError}" role="alert">Too many exports at once.</p>`)
    expect(renderToString(<Alert message="Refused." />)).toBe(`<p class="${ui.alert}" role="alert">Refused.</p>`)
  })
})
