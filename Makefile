# The two commands of the README. Everything else is CMake.
BUILD ?= build
SAMPLES := $(sort $(wildcard cuda-samples/*.cu))

.PHONY: all bootstrap build demo check validate clean

all: build

bootstrap:
	@sh tools/bootstrap.sh

build: bootstrap
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD)

demo: build
	-@$(BUILD)/bin/cuda-access-lint $(SAMPLES) --

validate: build
	@python3 tools/validate.py --analyzer $(BUILD)/bin/cuda-access-lint \
	  --measured cuda-samples/measured/h100.tsv --min-percent 95 $(SAMPLES)

check: build
	@cmake --build $(BUILD) --target check

clean:
	rm -rf $(BUILD)
