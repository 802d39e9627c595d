import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The demo speakers as visitors read them in every language (content/demo/exhibitions). */
const folder = new URL('../../../content/demo/exhibitions/', import.meta.url)
const speakers = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const exhibition = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as {
      speakers?: Array<{ key: string; company: string; texts: Record<string, { title: string; bio: string }> }>
    }
    return (exhibition.speakers ?? []).map((speaker) => ({ file, ...speaker }))
  })

describe('demo speakers', () => {
  it('when a speaker works on their own, then no language names "Independent" as their company', () => {
    expect(speakers.length).toBeGreaterThan(0)
    const named = speakers.filter((speaker) => speaker.company === 'Independent' || Object.values(speaker.texts).some((text) => /Independent/.test(text.bio)))
    expect(named.map((speaker) => `${speaker.file} ${speaker.key}`)).toEqual([])
  })

  it('when a speaker is read in Filipino, then the title is Filipino, not the English one', () => {
    const english = speakers.filter((speaker) => speaker.texts.fil?.title === speaker.texts.en?.title)
    expect(english.map((speaker) => `${speaker.file} ${speaker.key}: ${speaker.texts.fil?.title}`)).toEqual([])
  })
})
