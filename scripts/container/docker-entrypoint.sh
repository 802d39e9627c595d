#!/bin/sh
# The official Node image's entrypoint, for the stand-in base: arguments that look like options
# (or name no command) go to node; anything else is exec'd as given, so signals reach it directly.
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
