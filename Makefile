# myia's build. `make test` is what CI runs (see .ci/run).

GO      ?= go
BIN     := bin/myia
PKG     := github.com/myia/myia
# Matrix products use OpenBLAS (cgo) where libopenblas-dev is installed,
# else gonum's pure-Go BLAS. Override with `make TAGS= build`.
TAGS    ?= $(shell printf '#include <cblas.h>\nint main(void){return 0;}\n' | cc -x c - -lopenblas -o /dev/null 2>/dev/null && echo openblas)

.PHONY: all build test vet fmt-check bench bench-vm fuzz lint deps clean

all: build

build:
	$(GO) build -tags '$(TAGS)' -o $(BIN) ./cmd/myia

# vet, formatting, the dependency rule between stages, then every test.
# The tests package (every corpus program on the VM, C and LLVM, at each
# optimization level) takes 7 to 10 minutes on 2 cores: more than go
# test's default limit of 10 minutes per package on a loaded machine.
test: vet fmt-check deps
	$(GO) test -timeout 40m ./...
	@if [ -n "$(TAGS)" ]; then echo "go test -tags '$(TAGS)' ./vm"; $(GO) test -tags '$(TAGS)' ./vm; fi

vet:
	$(GO) vet ./...

fmt-check:
	@files="$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go' 2>/dev/null || find . -name '*.go'))"; \
	if [ -n "$$files" ]; then echo "gofmt needed on:"; echo "$$files"; exit 1; fi

# Go benchmarks (compile time, VM), then the VM against CPython.
bench: build
	$(GO) test -run XXX -bench . -benchtime 20x ./...
	bash bench/vm_vs_cpython.sh

bench-vm: build
	bash bench/vm_vs_cpython.sh

fuzz:
	$(GO) test ./frontend -run XXX -fuzz FuzzParse -fuzztime 60s
	$(GO) test ./frontend -run XXX -fuzz FuzzBuild -fuzztime 60s

lint: vet fmt-check
	@if command -v staticcheck >/dev/null 2>&1; then staticcheck ./...; \
	else echo "staticcheck not installed: skipped (go install honnef.co/go/tools/cmd/staticcheck@latest)"; fi

# Sibling stages never import each other (docs/architecture.md): ir
# imports nothing of ours, frontend and vm only ir, stdlib ir and frontend.
# ir/libm (the C library's math functions) is a leaf that counts as ir.
deps:
	@bash -c 'set -euo pipefail; \
	check() { pkg=$$1; shift; \
	  [ -d "$${pkg}" ] || return 0; \
	  bad=$$($(GO) list -deps ./$${pkg} | grep "^$(PKG)" | grep -v "^$(PKG)/$${pkg}$$" | grep -v "^$(PKG)/ir/libm$$" || true); \
	  for ok in "$$@"; do bad=$$(echo "$$bad" | grep -v "^$(PKG)/$${ok}$$" || true); done; \
	  if [ -n "$$bad" ]; then echo "deps: $${pkg} must not import:"; echo "$$bad"; exit 1; fi; }; \
	check ir/libm; check ir; check ir/types ir; check frontend ir; check vm ir; check stdlib ir frontend; check ad ir; \
	for p in ad infer opt; do check $$p ir ir/types; done; \
	check backend/llvm/plan ir ir/types; check backend/llvm ir ir/types backend/llvm/plan; \
	check backend/cgo ir ir/types backend/llvm backend/llvm/plan; \
	echo "deps: ok"'

clean:
	rm -rf bin
