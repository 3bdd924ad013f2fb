# tvshell: the two commands a newcomer types are `make run` and `make test`.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
export SWIFT_BACKTRACE ?= interactive=no
SWIFT ?= swift
ARGS ?=

.PHONY: run test bench build release deps test-deps clean

## make run: install what is missing, build in release mode, play the demo lineup
run: deps release
	./.build/release/tvshell $(ARGS)

## make test: install what is missing, build, run the whole suite
test: test-deps
	$(SWIFT) build
	TVSHELL_BIN="$$($(SWIFT) build --show-bin-path)/tvshell" $(SWIFT) test

## make bench: key latency, load-to-first-frame against raw libmpv, paused CPU/RSS
bench: test-deps release
	$(SWIFT) build -c release --product tvshell-bench
	./.build/release/tvshell-bench ./.build/release/tvshell

deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product tvshell

clean:
	rm -rf .build
