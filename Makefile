# The two commands of the README. Everything else is CMake.
BUILD ?= build
# The profile-guided build, for install and bench.
RELEASE ?= build-release
SAMPLES := $(sort $(wildcard cuda-samples/*.cu))

REALWORLD ?= ../shared/realworld/hecbench

.PHONY: all bootstrap configure tool build release demo check validate validate-real install bench sanitize fuzz clean
PREFIX ?= /usr/local

all: build

bootstrap:
	@sh tools/bootstrap.sh

# One plain Release build (no link-time optimization, no profile): the
# tool alone for demo, everything for check, in minutes.
configure: bootstrap
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DCAL_LTO=OFF \
	  -DCAL_PROFILE_GENERATE= -DCAL_PROFILE_USE= >/dev/null

tool: configure
	@cmake --build $(BUILD) --target cuda-access-lint

build: configure
	@cmake --build $(BUILD)

# Profile-guided (tools/build-release.sh): built twice, about a tenth faster.
release: bootstrap
	@sh tools/build-release.sh $(RELEASE)

demo: tool
	-@$(BUILD)/bin/cuda-access-lint $(SAMPLES) --
	-@$(BUILD)/bin/cuda-access-lint --quiet --format=html $(SAMPLES) -- \
	  > $(BUILD)/report.html 2>/dev/null
	@echo "report: $(BUILD)/report.html (open it in a browser)"

validate: build
	@python3 tools/validate.py --analyzer $(BUILD)/bin/cuda-access-lint \
	  $(foreach t,$(wildcard cuda-samples/measured/*.tsv),--measured $(t)) \
	  $(foreach t,$(wildcard cuda-samples/measured/*-constant-requests.csv),--constant $(t)) \
	  --min-percent 95 $(SAMPLES)

# Public code nobody here wrote, against what the H100 measured for it
# (test/realworld/h100*.tsv; docs/validation.md): every miss, then the figures.
validate-real: build
	@python3 tools/validate_real.py --analyzer $(BUILD)/bin/cuda-access-lint \
	  --corpus $(REALWORLD) --measured test/realworld/h100.tsv \
	  --measured test/realworld/h100-inputs.tsv

# The browser test of the HTML report needs Chromium: installed here, not
# for demo.
check: build
	@sh tools/bootstrap.sh --test
	@cmake --build $(BUILD) --target check

install: release
	@cmake --install $(RELEASE) --prefix $(PREFIX)

# Figures, not pass/fail: analyzer time and memory against clang's parse,
# on the samples and stress files, then on real code (the corpus, CUTLASS
# where BENCH_CODEBASE or ../bench-src/cutlass holds it: bench/get-cutlass.sh)
# and -j scaling.
bench: release
	@sh bench/run.sh $(RELEASE)
	@BENCH_CORPUS=$(REALWORLD) sh bench/realworld.sh $(RELEASE)

# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
sanitize: bootstrap
	@sh tools/sanitize.sh

# The libFuzzer target for FUZZ_SECONDS (default 60). The seconds include
# replaying the saved corpus (build-fuzz/corpus, some minutes once grown):
# new inputs are tried only after it, so give more than that.
fuzz: bootstrap
	@sh tools/fuzz/run.sh $(or $(FUZZ_SECONDS),60)

clean:
	rm -rf $(BUILD) $(RELEASE)
