// ua-parser-js 1.x (the MIT line) ships no types; this declares only the part server/http/device.ts uses.
// The 2.x line, which ships its own types, is AGPL-3.0: scripts/check-licences.ts fails on it.
declare module 'ua-parser-js' {
  export class UAParser {
    constructor(userAgent?: string)
    /** `type` is one of console, mobile, tablet, smarttv, wearable, embedded, or undefined for a desktop. */
    getDevice(): { vendor?: string; model?: string; type?: string }
  }
}
