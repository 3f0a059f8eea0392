# RefreshLab: `make run` opens the demo, `make test` runs every test.
# On a fresh Debian machine with the Swift toolchain, run as root, both install what is missing.

SWIFT ?= swift
# SDL2 headers and libraries for building; Xvfb and xdotool for the end-to-end test under a
# virtual display; imagemagick's `import` for screenshots of the real window.
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev xvfb xdotool x11-utils

.PHONY: all deps build run test lint format bench bench-core clean

all: build

# Installs only what is missing, and only when it can (root with apt-get).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing packages:$$missing (install them with apt-get as root)"; exit 1; fi; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run refresh-lab $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

bench: bench-core

# Median nanoseconds and heap allocations per core frame (a fling and a pull).
bench-core: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build
