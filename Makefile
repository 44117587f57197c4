# The two commands. Both install what is missing (pinned) and skip what is present.
#   make serve  builds the client and the relay, then serves http://localhost:8080
#   make test   runs every test: fmt, clippy (native + wasm32), unit/integration, rule
#               scenarios, the client build, and the browser end-to-end suite

.PHONY: serve test client

serve:
	@bash .ci/serve.sh

test:
	@bash .ci/test.sh

client:
	@bash .ci/build-client.sh
