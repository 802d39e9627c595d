// hls.js ships types for its full build only; the light build (no subtitles, alternate audio or
// DRM, which the player does not need: captions are native <track> elements) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
