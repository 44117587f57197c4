#!/usr/bin/env bash
# Points a built client at a relay on another host by adding
#   <meta name="coup-relay" content="wss://relay.example.org/ws">
# to its index.html (replacing an existing one). The client reads this tag at start;
# without it, it uses /ws on the page's own origin.
#
# usage: point-at-relay.sh DIST_DIR RELAY_WS_URL
set -euo pipefail
dist="${1:?usage: point-at-relay.sh DIST_DIR RELAY_WS_URL}"
url="${2:?usage: point-at-relay.sh DIST_DIR RELAY_WS_URL}"
case "$url" in
  ws://*|wss://*|/*) ;;
  *) echo "the relay URL must start with wss://, ws:// or /" >&2; exit 1 ;;
esac
case "$url" in
  *'"'*|*'<'*|*'>'*|*'|'*) echo "the relay URL contains a character not allowed here" >&2; exit 1 ;;
esac
index="$dist/index.html"
[ -f "$index" ] || { echo "$index not found; build the client first" >&2; exit 1; }
# Drop an existing tag, then add ours right after <head>.
sed -i -e '/<meta name="coup-relay"/d' "$index"
sed -i -e "s|<head>|<head>\n    <meta name=\"coup-relay\" content=\"$url\">|" "$index"
grep -n 'name="coup-relay"' "$index"
