#!/usr/bin/env bash
# Installs the pinned stripe-mock (Stripe's own API emulator, which billing's tests run the
# stripe SDK against) from source through the Go module proxy, like install-helm.sh: these
# machines reach package registries only. Does nothing when stripe-mock is already on PATH or
# in $(go env GOPATH)/bin.
set -euo pipefail

STRIPE_MOCK_VERSION="v0.203.0"

if command -v stripe-mock >/dev/null 2>&1; then
  exit 0
fi

if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  PATH="$PATH:/usr/local/go/bin"
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-stripe-mock: stripe-mock is missing and Go is not installed; install Go or put stripe-mock on PATH" >&2
  exit 1
fi

gobin="$(go env GOPATH)/bin"
if [ -x "$gobin/stripe-mock" ]; then
  exit 0
fi

echo "install-stripe-mock: building stripe-mock ${STRIPE_MOCK_VERSION} with go install (first run only)" >&2
CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" "github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}"
echo "install-stripe-mock: installed $gobin/stripe-mock" >&2
