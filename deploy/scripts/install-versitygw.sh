#!/usr/bin/env bash
# Installs the pinned versitygw (an S3-compatible gateway over a local folder, which ingestion's
# S3 object-storage adapter is tested against) from source through the Go module proxy, like
# install-stripe-mock.sh. Does nothing when versitygw is already on PATH or in $(go env GOPATH)/bin.
set -euo pipefail

VERSITYGW_VERSION="v1.8.0"

if command -v versitygw >/dev/null 2>&1; then
  exit 0
fi

if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  PATH="$PATH:/usr/local/go/bin"
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-versitygw: versitygw is missing and Go is not installed; install Go or put versitygw on PATH" >&2
  exit 1
fi

gobin="$(go env GOPATH)/bin"
if [ -x "$gobin/versitygw" ]; then
  exit 0
fi

echo "install-versitygw: building versitygw ${VERSITYGW_VERSION} with go install (first run only)" >&2
CGO_ENABLED=0 go install -trimpath -ldflags "-s -w" "github.com/versity/versitygw/cmd/versitygw@${VERSITYGW_VERSION}"
echo "install-versitygw: installed $gobin/versitygw" >&2
