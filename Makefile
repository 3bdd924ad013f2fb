# tvshell: the two commands a newcomer types are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
export SWIFT_BACKTRACE ?= interactive=no
SWIFT ?= swift
ARGS ?=

.PHONY: run test bench fuzz soak build release dist debug deps test-deps clean install uninstall deb deb-check

PREFIX ?= /usr/local
DESTDIR ?=
# Where `make dist` leaves what `make install` installs beside the binary.
dist = .build/dist
# `make install` strips the binary (debian/rules leaves it to dh_strip: INSTALL_STRIP=).
INSTALL_STRIP ?= -s
# Where `make install` puts things (Debian's places under $(PREFIX)).
bindir = $(DESTDIR)$(PREFIX)/bin
sharedir = $(DESTDIR)$(PREFIX)/share
mandir = $(sharedir)/man/man1
unitdir = $(DESTDIR)$(PREFIX)/lib/systemd/system
# dbus-daemon reads system policies from /usr/share (packages) and /etc (the admin's) only.
dbusdir = $(if $(filter /usr,$(PREFIX)),$(DESTDIR)/usr/share/dbus-1/system.d,$(DESTDIR)/etc/dbus-1/system.d)
sysusersdir = $(DESTDIR)$(if $(filter /usr,$(PREFIX)),/usr/lib,$(PREFIX)/lib)/sysusers.d
installed = $(bindir)/tvshell $(sharedir)/tvshell $(mandir)/tvshell.1 \
	$(sharedir)/bash-completion/completions/tvshell $(sharedir)/zsh/vendor-completions/_tvshell \
	$(sharedir)/fish/vendor_completions.d/tvshell.fish $(unitdir)/tvshell@.service $(unitdir)/tvshell-tv@.service \
	$(dbusdir)/tvshell-mpris.conf $(sysusersdir)/tvshell.conf $(sharedir)/doc/tvshell \
	$(sharedir)/applications/tvshell.desktop

## make run: install what is missing, build in release mode, play the demo lineup
run: deps release
	./.build/release/tvshell $(ARGS)

## make test: install what is missing, build, run the whole suite, then install the release
## build into a scratch root and run it with the checkout and the toolchain out of sight.
## The suite runs with its own XDG folders (removed after), so the shells it starts never
## read the runner's tvshell config nor write its watch history or guide cache.
test: test-deps
	$(SWIFT) build --build-tests
	scratch=$$(mktemp -d /tmp/tvshell-test-home.XXXXXX) && bins="$$($(SWIFT) build --show-bin-path)" && \
	  XDG_CONFIG_HOME=$$scratch/config XDG_STATE_HOME=$$scratch/state XDG_CACHE_HOME=$$scratch/cache XDG_DATA_HOME=$$scratch/data \
	  TVSHELL_BIN="$$bins/tvshell" scripts/run-tests.sh "$$bins/tvshellPackageTests.xctest"; status=$$?; \
	  rm -rf "$$scratch" "$${TMPDIR:-/tmp}/$$(echo "$$scratch" | tr / _)"_*; exit $$status
	$(MAKE) -s dist
	scripts/check-install.sh

## make bench: key latency, load-to-first-frame against raw libmpv, paused CPU/RSS
bench: test-deps release
	$(SWIFT) build -c release --product tvshell-bench
	./.build/release/tvshell-bench ./.build/release/tvshell

## make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="m3u xmltv …"]: every decoder of outside input under libFuzzer
fuzz: test-deps
	scripts/fuzz.sh

## make soak [SOAK_ACTIONS=20000] [SOAK_SEED=…] [SOAK_VIDEO=tv]: the real shell driven over IPC with seeded random actions (SOAK_VIDEO=tv: on the TV output, under Xvfb)
soak: test-deps
	$(SWIFT) build -c release --product tvshell
	$(SWIFT) build -c release --product tvshell-delegate-example
	$(SWIFT) build -c release --product tvshell-soak
	./.build/release/tvshell-soak --actions $(or $(SOAK_ACTIONS),20000) $(if $(SOAK_SEED),--seed $(SOAK_SEED)) $(if $(SOAK_VIDEO),--video $(SOAK_VIDEO))

deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build

## make release: the binary that stands alone (the Swift runtime and Foundation linked in, no
## resource files beside it)
release:
	$(SWIFT) build -c release --product tvshell --static-swift-stdlib

## make dist: the release binary with its man page and shell completions (.build/dist), for
## `make install` (the page made by tvshell-manual from the binary's commands and contrib/man)
dist: release
	$(SWIFT) build --product tvshell-manual
	mkdir -p $(dist)
	"$$($(SWIFT) build --show-bin-path)/tvshell-manual" .build/release/tvshell contrib/man > $(dist)/tvshell.1
	.build/release/tvshell --generate-completion-script bash | awk -f contrib/completion/default-command.awk > $(dist)/tvshell.bash
	grep -q "_tvshell_play$$" $(dist)/tvshell.bash
	.build/release/tvshell --generate-completion-script zsh > $(dist)/_tvshell
	.build/release/tvshell --generate-completion-script fish > $(dist)/tvshell.fish

debug:
	$(SWIFT) build --product tvshell

## make install [PREFIX=/usr/local] [DESTDIR=]: what `make dist` built (it builds nothing):
## the binary, themes, man page, completions, the systemd unit and its user, the D-Bus policy
## for MPRIS on the system bus, the desktop entry, the README, docs/, changelog and licence,
## an example config.toml and lircrc
install:
	@[ -x .build/release/tvshell ] && [ -f $(dist)/tvshell.1 ] || { echo "make install: nothing built; run make dist first" >&2; exit 1; }
	install -Dm755 $(INSTALL_STRIP) .build/release/tvshell $(bindir)/tvshell
	install -d $(sharedir)/tvshell/Themes
	install -m644 Themes/*.toml $(sharedir)/tvshell/Themes/
	install -d $(mandir)
	sed 's|@DOCDIR@|$(PREFIX)/share/doc/tvshell|g; s|@PREFIX@|$(PREFIX)|g' $(dist)/tvshell.1 > $(mandir)/tvshell.1
	chmod 644 $(mandir)/tvshell.1
	install -Dm644 $(dist)/tvshell.bash $(sharedir)/bash-completion/completions/tvshell
	install -Dm644 $(dist)/_tvshell $(sharedir)/zsh/vendor-completions/_tvshell
	install -Dm644 $(dist)/tvshell.fish $(sharedir)/fish/vendor_completions.d/tvshell.fish
	install -d $(unitdir)
	sed 's|/usr/local/|$(PREFIX)/|g' contrib/systemd/tvshell@.service > $(unitdir)/tvshell@.service
	sed 's|/usr/local/|$(PREFIX)/|g' contrib/systemd/tvshell-tv@.service > $(unitdir)/tvshell-tv@.service
	install -Dm644 contrib/systemd/tvshell.sysusers $(sysusersdir)/tvshell.conf
	install -Dm644 contrib/dbus/tvshell-mpris.conf $(dbusdir)/tvshell-mpris.conf
	install -Dm644 contrib/tvshell.desktop $(sharedir)/applications/tvshell.desktop
	install -Dm644 README.md CHANGELOG.md LICENSE -t $(sharedir)/doc/tvshell
	install -Dm644 docs/*.md -t $(sharedir)/doc/tvshell/docs
	install -Dm644 contrib/examples/config.toml $(sharedir)/doc/tvshell/examples/config.toml
	install -Dm644 contrib/examples/lircrc $(sharedir)/doc/tvshell/examples/lircrc

## make deb: a Debian package of what make dist builds (.build/deb/tvshell_VERSION_ARCH.deb), checked by lintian
deb:
	@scripts/install-deps.sh deb
	dpkg-buildpackage -us -uc -b
	mkdir -p .build/deb
	mv ../tvshell_*.deb ../tvshell_*.buildinfo ../tvshell_*.changes .build/deb/
	lintian --fail-on error .build/deb/tvshell_*.changes

## make deb-check: the package installed in a fresh Debian 12 chroot (debootstrap) with no
## Swift toolchain, and used there (needs root and the network or an apt mirror)
deb-check: deb
	scripts/deb-check.sh .build/deb/tvshell_*.deb

## make uninstall [PREFIX=…] [DESTDIR=…]: takes away what `make install` put there
uninstall:
	rm -rf $(installed)

clean:
	rm -rf .build
