import { describe, expect, it } from 'vitest'
import { diffEntries } from './diff.ts'

describe('diffEntries', () => {
  it('when a member is invited, then every value of the new record is listed as added', () => {
    expect(diffEntries(null, { email: 'a@example.com', roles: ['editor'] })).toEqual([
      { path: 'email', before: null, after: 'a@example.com' },
      { path: 'roles', before: null, after: 'editor' },
    ])
  })

  it('when roles change, then only the changed values are listed', () => {
    expect(diffEntries({ roles: ['editor'], name: 'Ann', status: 'active' }, { roles: ['editor', 'support'], name: 'Ann', status: 'active' })).toEqual([
      { path: 'roles', before: 'editor', after: 'editor, support' },
    ])
  })

  it('when values are nested, then their paths are dotted', () => {
    expect(diffEntries({ limits: { exhibitions: null } }, { limits: { exhibitions: [3, 7] } })).toEqual([
      { path: 'limits.exhibitions', before: '—', after: '3, 7' },
    ])
  })

  it('when a record is a bare value, then it is one row', () => {
    expect(diffEntries('draft', 'published')).toEqual([{ path: '—', before: 'draft', after: 'published' }])
  })
})
