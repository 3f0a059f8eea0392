# RefreshLab: `make run` opens the demo, `make test` runs every test.
# On a fresh Debian machine with the Swift toolchain, run as root, both install what is missing.

SWIFT ?= swift
# The core and the fit optimised in debug builds as well (Package.swift says why); every target
# here builds with it, so that none rebuilds what another built.
export REFRESHLAB_OPTIMIZE := 1
# SDL2 headers and libraries for building; rlottie and giflib for the animated headers; Xlib, its
# shared-memory extension (Xext) and XCB under it for presenting and scrolling on the X server;
# Xvfb and xdotool for the end-to-end test under a virtual display; imagemagick's `import` for
# screenshots of the real window and its `convert -coalesce` as the GIF frames' reference in tests;
# weston, a real Wayland compositor nested in Xvfb, for the Wayland end-to-end tests; GLib's GIO
# (GDBus) for reading the desktop's reduced-motion setting, dbus-daemon and python3-gi for its
# test's private bus and fake settings portal; chromium for the web page's tests; libqrencode for
# `refresh-lab serve`'s QR code (qrencode, the command, holds that test's reference); at-spi2-core
# (the accessibility bus and registry) and python3-pyatspi for the AT-SPI bridge's test, orca,
# speech-dispatcher and espeak-ng for `make orca-speech` (what Orca says of the window);
# valgrind's callgrind for `make idle-order` (which functions an idle window runs).
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libxml2 librlottie-dev libsqlite3-dev libgif-dev \
  libglib2.0-dev dbus-daemon python3-gi at-spi2-core python3-pyatspi orca speech-dispatcher espeak-ng \
  libx11-dev libxext-dev libx11-xcb-dev xvfb xdotool x11-utils weston imagemagick chromium libqrencode-dev qrencode \
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev ffmpeg valgrind

.PHONY: all deps build run install test test-suite test-groups test-beside test-core test-sanitize fuzz soak soak-seeds docs mapping import-corpus lint format \
  bench bench-core bench-fit fit-roundtrip fit-stress fit-lookalike fit-dev fit-capture-variants \
  installed-build idle-order bench-peer bench-footprint bench-rows bench-frames bench-feed header-corpus fit-corpus orca-speech clean

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

# `make install PREFIX=~/.local` (default /usr/local): a release build of refresh-lab, with the
# Swift runtime linked in so it runs without the toolchain, into $(PREFIX)/bin, and the fonts it
# draws with (RefreshSDL's resources) and its header animations into
# $(PREFIX)/share/refresh-lab/Assets, where the program looks for them.
PREFIX ?= /usr/local
# The installed program's build: release, the Swift runtime and FoundationEssentials linked in.
# bench-footprint measures this build, the one a person runs. Linked by lld, for two things of an
# idle window's memory: relative relocations packed (DT_RELR: the Swift runtime's 44,000 of them
# took 1 MB of the file, read whole at start and kept mapped), and each function in a section of
# its own laid out in IDLE_ORDER's order, the functions an idle window runs (`make idle-order`),
# so the code pages it keeps are those it runs rather than every page sharing 64 KB with one of
# them (the kernel maps a cached file's pages around each fault): 7.4 MB of code resident to
# 4.2 MB (the rest is the Swift runtime's libraries, each one section that no order splits). A
# name the linker does not find is skipped without a warning: a stale list costs memory, never
# the build. And the program exports none of its symbols (the Swift runtime's
# static link exports every public one of ours, 6,000 names whose tables the dynamic linker reads
# at every library's lookups: 0.5 MB); nothing loads it as a library.
IDLE_ORDER := Sources/refresh-lab/idle.order
INSTALLED_SCRATCH := .build/installed
INSTALLED_BUILD := $(SWIFT) build -c release --scratch-path $(INSTALLED_SCRATCH) --static-swift-stdlib \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --symbol-ordering-file=$(CURDIR)/$(IDLE_ORDER) -Xlinker --no-warn-symbol-ordering \
  -Xlinker --no-export-dynamic
# SwiftPM does not know the order file is an input of the link: a program older than it is
# removed first, so that it is linked again. Nor does it compile a module again when only these
# flags change, so the installed build has a build folder of its own: the other release builds
# (benchmarks, the round trip) never leave it modules made without them.
INSTALLED_PROGRAM = "$$($(SWIFT) build -c release --scratch-path $(INSTALLED_SCRATCH) --show-bin-path)/refresh-lab"
installed-build: deps
	@[ $(INSTALLED_PROGRAM) -nt $(IDLE_ORDER) ] || rm -f $(INSTALLED_PROGRAM)
	$(INSTALLED_BUILD) --product refresh-lab

install: deps installed-build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/refresh-lab/Assets/Headers"
	install -m 755 $(INSTALLED_PROGRAM) "$(DESTDIR)$(PREFIX)/bin/"
	install -m 644 Sources/RefreshSDLFonts/Fonts/* "$(DESTDIR)$(PREFIX)/share/refresh-lab/Assets/"
	install -m 644 Assets/Headers/pull.gif Assets/Headers/pull.json \
	  "$(DESTDIR)$(PREFIX)/share/refresh-lab/Assets/Headers/"

# Runs two things side by side: the build of every target (the example hosts in Examples/ too)
# and then every test (Tests/run-groups.sh: five processes, which wait on programs under Xvfb,
# weston and Chromium in turns); and, at the lowest priority (nice 19), a short run of each fuzz
# target, unoptimised (Fuzz/run.sh says so and skips where the toolchain has no libFuzzer), then the outside
# package Examples/TicketList, built and run from a folder outside the checkout with no
# REFRESHLAB_ASSETS (it fails unless its own header, footer and rows drew their text), then the
# docs, so that a broken symbol link in them fails the run as a failing test would. Each side's
# output is printed whole when it ends.
#
# Why from the start, the fuzz build first: builds have long stretches that use one core (a
# module's type checking, the test binary's link). Started after the build, the fuzz targets'
# release build ran mostly once the tests were done, alone, leaving the other core idle for a
# minute (a fresh clone's run ended 128 s after its tests); beside the build it fills those
# stretches. Nice 19, because the window tests hold real input to its pace: at nice 10 a real
# fling in `filter-list` fell short of the list's end (at 15, the in-process groups' level, a
# fresh clone took no less: 438 s against 368 and 423 at 19). The fuzz build is unoptimised
# (`--debug`): these two cores do about as much together whatever runs beside what, so a fresh
# clone's run is about the sum of its parts, and beside the tests a fuzz target runs a few dozen
# inputs a second whatever its build. The tests that hold a program to the wall clock run
# afterwards, alone (`quiet`). The docs come last: they build in the build folder, which SwiftPM lets one build
# use at a time.
test: deps
	$(MAKE) --no-print-directory -j2 --output-sync=target test-groups test-beside
	SWIFT=$(SWIFT) Tests/run-groups.sh quiet

# The tests alone, in the five processes `make test` runs and then the quiet group (after
# `swift build --build-tests`); `swift test` runs them in one. `make test` runs the quiet group
# only once the side runs are done as well: its wall-clock budgets ran out beside the fuzz builds.
test-suite:
	SWIFT=$(SWIFT) Tests/run-groups.sh

test-groups:
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) Tests/run-groups.sh main

test-beside:
	SWIFT=$(SWIFT) nice -n 19 Fuzz/run.sh --debug $(FUZZ_TEST_SECONDS)
	SWIFT=$(SWIFT) nice -n 19 Examples/TicketList/run-outside.sh
	nice -n 19 $(MAKE) --no-print-directory docs

# The API documentation of RefreshCore, RefreshListModel and RefreshSDL with their articles, in $(DOCS_DIR); any
# warning (a broken symbol link among them) is an error.
DOCS_DIR := .build/docs
docs: deps
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
	  --target RefreshCore --target RefreshListModel --target RefreshSDL --warnings-as-errors --output-path $(DOCS_DIR)

# docs/exports/MAPPING.md, written from the exporters' tables; MappingTests fails when it is stale.
mapping: deps
	$(SWIFT) build --build-tests
	REFRESHLAB_WRITE_MAPPING=1 $(SWIFT) test --skip-build --filter MappingTests

# Issue 22's larger set: SmartRefreshLayout's 53 demo layouts imported into docs/import-corpus.md
# (clones the library once; the tests use the committed subset).
import-corpus: deps
	$(SWIFT) build --product refresh-lab
	benchmarks/import-corpus.sh "$$($(SWIFT) build --show-bin-path)/refresh-lab"

# Issues 41 and 52: `refresh-lab fit` on the libraries' demo recordings (Tests/Fixtures/recordings),
# held to what was measured in them without the fitter; the share passing, in the held-out set
# and in the rest, is written into docs/fit-corpus.md.
fit-corpus: deps
	$(SWIFT) build --product refresh-lab
	benchmarks/fit-corpus.sh "$$($(SWIFT) build --show-bin-path)/refresh-lab"

# libFuzzer on the gesture-script parser, the tuning decoder and the command line (Fuzz/), each
# for FUZZ_SECONDS; `make test` runs each for FUZZ_TEST_SECONDS. FUZZ_MERGE=1 adds what a run
# found to the committed corpus.
FUZZ_SECONDS ?= 600
FUZZ_TEST_SECONDS ?= 10
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/run.sh $(if $(FUZZ_MERGE),--merge) $(FUZZ_SECONDS)

# The whole suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in
# its own scratch folder; too slow for every `make test`. Sanitizers/ holds the suppressions, each
# a leak or race inside a system library, never ours, but for one state guarded by Swift's
# Synchronization.Mutex, whose lock a debug build takes in uninstrumented stdlib code that
# ThreadSanitizer cannot see (Sanitizers/tsan.supp says which). ThreadSanitizer's runtime cannot start under
# a file-size limit, so the two full-disk tests skip under it (REFRESHLAB_SANITIZER=thread); the
# programs the tests run get four times their limits under either (REFRESHLAB_SANITIZER).
SANITIZER_OPTIONS := LSAN_OPTIONS=suppressions=$(CURDIR)/Sanitizers/lsan.supp:print_suppressions=0 \
  TSAN_OPTIONS=suppressions=$(CURDIR)/Sanitizers/tsan.supp:halt_on_error=1
# Mesa's libraries, kept loaded in the programs the AddressSanitizer run starts in a window
# (see Sanitizers/lsan.supp; the tests pass REFRESHLAB_PRELOAD on as their LD_PRELOAD, not to
# the toolchain, whose linker does not survive it).
MULTIARCH := $(shell gcc -print-multiarch 2>/dev/null)
MESA_PRELOAD := $(subst $(eval) ,:,$(wildcard $(addprefix /usr/lib/$(MULTIARCH)/,dri/swrast_dri.so \
  libEGL_mesa.so.0 libglapi.so.0)))
#
# As in `make test`, the tests held to the wall clock (Tests/run-groups.sh's quiet group: a real
# drag's release speed, filter-list's real fling) run alone, after the rest: beside the rest in
# one sanitized process, filter-list's fling fell short of the end in two runs of four.
QUIET_TESTS := $(shell Tests/run-groups.sh quiet-pattern)
test-sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SANITIZER_OPTIONS) REFRESHLAB_SANITIZER=address REFRESHLAB_PRELOAD=$(MESA_PRELOAD) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip '$(QUIET_TESTS)'
	$(SANITIZER_OPTIONS) REFRESHLAB_SANITIZER=address REFRESHLAB_PRELOAD=$(MESA_PRELOAD) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(QUIET_TESTS)'
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SANITIZER_OPTIONS) REFRESHLAB_SANITIZER=thread \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip '$(QUIET_TESTS)'
	$(SANITIZER_OPTIONS) REFRESHLAB_SANITIZER=thread \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(QUIET_TESTS)'

# Simulated hours of seeded random use, headless, every frame checked (Sources/RefreshLab/Soak):
# `make soak HOURS=1 SEED=2`. make test runs a few simulated minutes (SoakTests).
HOURS ?= 1
SEED ?= 1
soak: deps
	$(SWIFT) build -c release --product refresh-lab-soak
	"$$($(SWIFT) build -c release --show-bin-path)/refresh-lab-soak" --hours $(HOURS) --seed $(SEED)

# The soak on many seeds, one after another, HOURS each (half an hour unless given): prints each
# seed's line and fails if any seed failed (`make soak-seeds SEEDS="3 4" HOURS=1`).
SEEDS ?= $(shell seq 100 119)
soak-seeds: HOURS = 0.5
soak-seeds: deps
	$(SWIFT) build -c release --product refresh-lab-soak
	@soak="$$($(SWIFT) build -c release --show-bin-path)/refresh-lab-soak"; failed=""; \
	for seed in $(SEEDS); do \
	  "$$soak" --hours $(HOURS) --seed $$seed || failed="$$failed $$seed"; \
	done; \
	if [ -n "$$failed" ]; then echo "soak-seeds: failed on seeds$$failed"; exit 1; fi

# The core and the list model alone, from a manifest that leaves SDL and the app out: they
# need neither.
test-core:
	REFRESHLAB_CORE_ONLY=1 $(SWIFT) test --scratch-path .build-core

lint:
	$(SWIFT) format lint --strict -r Sources Tests Examples Fuzz Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Examples Fuzz Package.swift

bench: bench-core

# Issue 41's fit on a 10 s 1080×2400 60 fps video (lab frames scaled up): wall time and peak
# resident memory from /usr/bin/time -v (targets: 10 s, 300 MB). The video is kept in
# .build/fit-bench and made again only when missing.
bench-fit: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/fit/bench.sh "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" .build/fit-bench

# Issue 41's round trip: each preset rendered by the lab (GIF 50 fps, MP4 60 and 30 fps; with
# and without --show-touches) and fitted; held height within 1 pt, release and collapse within
# 5 % of the lab's own 1000 fps trace, the closest preset the one rendered. Results in
# docs/fit-roundtrip.md.
FIT_PRESETS ?= ios mjrefresh ego smart flutter material
fit-roundtrip: deps
	$(SWIFT) build -c release --product refresh-lab
	lab="$$($(SWIFT) build -c release --show-bin-path)/refresh-lab"; \
	for p in $(FIT_PRESETS); do benchmarks/fit/render.sh "$$lab" $$p .build/fit-roundtrip/plain; \
	  benchmarks/fit/render.sh "$$lab" $$p .build/fit-roundtrip/touches --show-touches; done; \
	benchmarks/fit/roundtrip.py "$$lab" .build/fit-roundtrip/plain $(FIT_PRESETS); \
	benchmarks/fit/roundtrip.py "$$lab" .build/fit-roundtrip/touches $(FIT_PRESETS) --touches

# Issue 52's generated stress set: STRESS_COUNT synthetic recordings of the lab drawn from
# STRESS_SEED (random scale, fixed and variable frame rates, grain, blur and heavy compression, a
# drawn pointer, a scroll before the pull, rows replaced during the collapse, an overshooting
# release), each fitted (60 s at most, peak RSS recorded) and scored against the lab's own
# 1000 fps trace by fit-corpus's checks, beside a clean control of the same gesture (60 fps, no
# degradation) that tells the degradations' failures from the motion's. The media go under
# .build/fit-stress; the results into docs/fit-stress.md between its "fit-stress" markers. It
# exits 0 whatever the pass share: the share is the result.
STRESS_SEED ?= 1
STRESS_COUNT ?= 24
fit-stress: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/fit/stress.py "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" .build/fit-stress \
	  --seed $(STRESS_SEED) --count $(STRESS_COUNT) --doc docs/fit-stress.md

# Rows all alike: the lab's list of one repeated post pulled fast, as GIFs at 10 to 50 fps, each
# fitted and held to the stress set's checks; results into docs/fit-stress.md between its
# "fit-lookalike" markers, media under .build/fit-lookalike.
fit-lookalike: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/fit/lookalike.py "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" .build/fit-lookalike \
	  --doc docs/fit-stress.md

# The development set (benchmarks/fit/devset.json: other libraries' demos outside the corpus,
# read by eye; not committed): fetch them into FIT_DEV_DIR as ios/FILE and android/FILE, then
# each is fitted and scored (refreshes counted, hold within 2 px or 2 %). Results in
# docs/fit-corpus.md ("development set").
FIT_DEV_DIR ?= .build/fit-dev
fit-dev: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/fit/devset.py "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" $(FIT_DEV_DIR)

# A person's capture as it reaches the fitter: the committed captures of the lab's window
# re-encoded sixteen ways (scaled, resampled, changed frames only, GIF); each fitted with no
# flags, held to the trace's refreshes and holds. Results in docs/fit-capture-variants.md.
fit-capture-variants: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/fit/capture-variants.py "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" \
	  .build/fit-capture-variants --doc docs/fit-capture-variants.md

# Median nanoseconds and heap allocations per core frame (a fling and a pull).
bench-core: deps
	cd CoreBenchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# Issue 3's side by side: refresh-lab against a Qt Quick ListView on the same real xdotool input
# under Xvfb. compare.sh installs the peer (qmlscene) when missing and checks both bars.
bench-peer: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/compare.sh --runs 5 -- "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" \
	  --size 400x700 --rows 1000000 --page-size 1000000 --total 1000000

# Issue 10's footprint: idle-window PSS and start-up to first frame, refresh-lab against the Qt
# Quick peer side by side (benchmarks/footprint.sh installs the peer when missing), of the build
# `make install` installs: with the Swift runtime linked in, the program's PSS no longer depends
# on which other Swift programs share the runtime's pages at that moment. The PSS bar is issue
# 44's: at most 0.30 of the peer's.
bench-footprint: deps installed-build
	benchmarks/footprint.sh --runs 5 --bar 0.30 -- $(INSTALLED_PROGRAM) \
	  --size 400x700 --rows 1000000 --page-size 1000000 --total 1000000

# IDLE_ORDER written again from the installed build (callgrind, under Xvfb, up to an idle
# window), then the program linked in that order.
idle-order: deps installed-build
	benchmarks/idle-order.sh $(IDLE_ORDER) -- $(INSTALLED_PROGRAM) \
	  --size 400x700 --rows 1000000 --page-size 1000000 --total 1000000
	$(MAKE) --no-print-directory installed-build

# Issue 3's rows benchmark: CPU and callgrind instructions per frame of a 10-second fling replay
# over 100 and 1,000,000 rows, and the most cached textures against the visible rows.
bench-rows: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/rows.sh "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab"

# Issue 26's frame costs: pixels drawn, copied and presented and CPU by part per frame, for the
# standard replays headless and the xdotool gestures in a window, drawn as changes and drawn whole.
bench-frames: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/frames.sh "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab"

# Issue 24's feed benchmark: the varied feed over 1,000,000 rows against 100 (CPU per frame,
# memory added, time to first frame), then its interaction CPU against the variable-height Qt
# Quick peer (bar 0.40) and the default rows against the 44 px peer (today's 0.34).
bench-feed: deps
	$(SWIFT) build -c release --product refresh-lab
	benchmarks/feed.sh "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab"
	benchmarks/compare.sh --runs 5 --bar 0.40 --peer benchmarks/peer/FeedView.qml -- \
	  "$$($(SWIFT) build -c release --show-bin-path)/refresh-lab" --size 400x700 \
	  --rows-style varied --rows 1000000 --page-size 1000000 --total 1000000

# The animated headers on a corpus of real files (benchmarks/header-corpus/gather.sh makes one
# from clones of public repositories; CI has no network): `make header-corpus CORPUS=DIR`
# writes docs/header-corpus.md.
# What Orca says of the lab's window (docs/accessibility.md): a private session and accessibility
# bus, speech-dispatcher writing each utterance to a file, orca; prints the utterances.
orca-speech: deps
	$(SWIFT) build --product refresh-lab
	benchmarks/orca-speech.sh "$$($(SWIFT) build --show-bin-path)/refresh-lab" --size 400x600

header-corpus: deps
	@[ -n "$(CORPUS)" ] || { echo "name the corpus: make header-corpus CORPUS=DIR"; exit 2; }
	$(SWIFT) build -c release --product header-corpus
	benchmarks/header-corpus.sh "$(CORPUS)" "$$($(SWIFT) build -c release --show-bin-path)/header-corpus" docs/header-corpus.md

clean:
	rm -rf .build .build-fuzz .build-fuzz-debug .build-asan .build-tsan
