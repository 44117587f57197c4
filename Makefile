# The two commands. Both install what is missing (pinned) and skip what is present.
#   make serve  builds the client and the relay, then serves http://localhost:8080
#   make test   runs every test: the linters, fmt, clippy (native + wasm32),
#               unit/integration, rule scenarios, the client build, a smoke test of the
#               relay, and the browser end-to-end suite (.ci/test.sh names each step)
#   make lint   only the linters (actionlint on the workflows, hadolint on the Dockerfile)

.PHONY: serve test lint client

serve:
	@bash .ci/serve.sh

test:
	@bash .ci/test.sh

lint:
	@bash .ci/test.sh lint

client:
	@bash .ci/build-client.sh
