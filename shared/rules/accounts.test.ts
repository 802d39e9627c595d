import { describe, expect, it } from 'vitest'
import { cleanCommentText } from './accounts.ts'

describe('cleanCommentText', () => {
  it('when text holds controls, direction overrides and extra blank lines, then they go and the words stay', () => {
    expect(cleanCommentText('  Hello\u0000\u0007 world\u202E!\u2066 \r\n\r\n\r\n\r\nBye\t\tnow \u200B')).toBe('Hello world!\n\nBye  now')
    expect(cleanCommentText('<b>bold</b> & "quotes"')).toBe('<b>bold</b> & "quotes"')
    expect(cleanCommentText('\u200B \n \t')).toBe('')
    // NFC: a decomposed é counts as one character.
    expect(cleanCommentText('e\u0301')).toBe('\u00e9')
  })
})
