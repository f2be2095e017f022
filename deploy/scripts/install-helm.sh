#!/usr/bin/env bash
# Installs the pinned Helm v3 from source through the Go module proxy, because the
# machines that run these tests reach package registries only (no release downloads).
# Does nothing when a helm binary is already on PATH or in $(go env GOPATH)/bin.
set -euo pipefail

HELM_VERSION="v3.21.4"
# Kubernetes version that helm v3.21.4's client-go (v0.36) targets. The official release
# build stamps it in; without it `helm template` would assume Kubernetes 1.20.
K8S_MAJOR=1
K8S_MINOR=36

if command -v helm >/dev/null 2>&1; then
  exit 0
fi

if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  PATH="$PATH:/usr/local/go/bin"
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-helm: helm is missing and Go is not installed; install Go or put helm on PATH" >&2
  exit 1
fi

gobin="$(go env GOPATH)/bin"
if [ -x "$gobin/helm" ]; then
  exit 0
fi

echo "install-helm: building helm ${HELM_VERSION} with go install (first run only, takes a few minutes)" >&2
ldflags="-s -w -X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}"
for pkg in helm.sh/helm/v3/pkg/chartutil helm.sh/helm/v3/pkg/lint/rules; do
  ldflags="$ldflags -X ${pkg}.k8sVersionMajor=${K8S_MAJOR} -X ${pkg}.k8sVersionMinor=${K8S_MINOR}"
done
# CGO off keeps the build independent of a C toolchain on the machine.
CGO_ENABLED=0 go install -trimpath -ldflags "$ldflags" "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}"
"$gobin/helm" version --short >&2
