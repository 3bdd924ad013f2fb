# tvshell: the two commands a newcomer types are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
export SWIFT_BACKTRACE ?= interactive=no
SWIFT ?= swift
ARGS ?=

.PHONY: run test bench fuzz soak build release debug deps test-deps clean install uninstall

PREFIX ?= /usr/local
DESTDIR ?=
# The build `make install` installs: release, or debug (the install check in `make test`).
BUILD ?= release
# Where `make install` puts things (Debian's places under $(PREFIX)).
bindir = $(DESTDIR)$(PREFIX)/bin
sharedir = $(DESTDIR)$(PREFIX)/share
mandir = $(sharedir)/man/man1
unitdir = $(DESTDIR)$(PREFIX)/lib/systemd/system
installed = $(bindir)/tvshell $(sharedir)/tvshell $(mandir)/tvshell.1 \
	$(sharedir)/bash-completion/completions/tvshell $(sharedir)/zsh/vendor-completions/_tvshell \
	$(sharedir)/fish/vendor_completions.d/tvshell.fish $(unitdir)/tvshell@.service \
	$(sharedir)/dbus-1/system.d/tvshell-mpris.conf $(sharedir)/doc/tvshell

## make run: install what is missing, build in release mode, play the demo lineup
run: deps release
	./.build/release/tvshell $(ARGS)

## make test: install what is missing, build, run the whole suite
test: test-deps
	$(SWIFT) build
	TVSHELL_BIN="$$($(SWIFT) build --show-bin-path)/tvshell" $(SWIFT) test
	scripts/check-install.sh

## make bench: key latency, load-to-first-frame against raw libmpv, paused CPU/RSS
bench: test-deps release
	$(SWIFT) build -c release --product tvshell-bench
	./.build/release/tvshell-bench ./.build/release/tvshell

## make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="m3u xmltv …"]: every decoder of outside input under libFuzzer
fuzz: test-deps
	scripts/fuzz.sh

## make soak [SOAK_ACTIONS=20000] [SOAK_SEED=…]: the real shell driven over IPC with seeded random actions
soak: test-deps
	$(SWIFT) build -c release --product tvshell
	$(SWIFT) build -c release --product tvshell-delegate-example
	$(SWIFT) build -c release --product tvshell-soak
	./.build/release/tvshell-soak --actions $(or $(SOAK_ACTIONS),20000) $(if $(SOAK_SEED),--seed $(SOAK_SEED))

deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product tvshell

debug:
	$(SWIFT) build --product tvshell

## make install [PREFIX=/usr/local] [DESTDIR=]: the binary, themes, man page, completions, the
## systemd unit, the D-Bus policy for MPRIS on the system bus, the README, docs/ and changelog,
## an example config.toml and lircrc
install: deps $(BUILD)
	$(SWIFT) package plugin generate-manual --configuration $(BUILD) --authors "the tvshell developers" >/dev/null
	install -Dm755 .build/$(BUILD)/tvshell $(bindir)/tvshell
	install -d $(sharedir)/tvshell/Themes
	install -m644 Themes/*.toml $(sharedir)/tvshell/Themes/
	install -d $(mandir)
	awk -v files=contrib/man/files.mdoc -v examples=contrib/man/examples.mdoc \
		'/^\.Sh "EXIT STATUS"/ { while ((getline l < files) > 0) print l } /^\.Sh AUTHORS/ { while ((getline l < examples) > 0) print l } { print }' \
		.build/plugins/GenerateManual/outputs/tvshell/tvshell.1 | sed 's|@DOCDIR@|$(PREFIX)/share/doc/tvshell|g; s|@PREFIX@|$(PREFIX)|g' > $(mandir)/tvshell.1
	chmod 644 $(mandir)/tvshell.1
	install -d $(sharedir)/bash-completion/completions $(sharedir)/zsh/vendor-completions $(sharedir)/fish/vendor_completions.d
	.build/$(BUILD)/tvshell --generate-completion-script bash > $(sharedir)/bash-completion/completions/tvshell
	.build/$(BUILD)/tvshell --generate-completion-script zsh > $(sharedir)/zsh/vendor-completions/_tvshell
	.build/$(BUILD)/tvshell --generate-completion-script fish > $(sharedir)/fish/vendor_completions.d/tvshell.fish
	install -d $(unitdir)
	sed 's|/usr/local/|$(PREFIX)/|g' contrib/systemd/tvshell@.service > $(unitdir)/tvshell@.service
	install -Dm644 contrib/dbus/tvshell-mpris.conf $(sharedir)/dbus-1/system.d/tvshell-mpris.conf
	install -Dm644 README.md CHANGELOG.md -t $(sharedir)/doc/tvshell
	install -Dm644 docs/*.md -t $(sharedir)/doc/tvshell/docs
	install -Dm644 contrib/examples/config.toml $(sharedir)/doc/tvshell/examples/config.toml
	install -Dm644 contrib/examples/lircrc $(sharedir)/doc/tvshell/examples/lircrc

## make uninstall [PREFIX=…] [DESTDIR=…]: takes away what `make install` put there
uninstall:
	rm -rf $(installed)

clean:
	rm -rf .build
