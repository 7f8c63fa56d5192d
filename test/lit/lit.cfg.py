# lit configuration: clang-tidy-style tests of cuda-access-lint.
import os
import lit.formats

config.name = "cuda-access-lint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.cal_bin), "test", "lit-out")
config.excludes = ["Inputs", "lit.cfg.py", "check_fixits.py", "check_sarif.py"]
config.environment["PATH"] = os.pathsep.join(
    [config.cal_bin, config.llvm_tools, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "CUDA_PATH", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.substitutions.append(("%cal", os.path.join(config.cal_bin, "cuda-access-lint")))
config.substitutions.append(("%samples", os.path.join(config.source_root, "cuda-samples")))
config.substitutions.append(("%root", config.source_root))

# nvcc compiles here (no GPU needed); the fix-it test needs it.
nvcc = os.path.join(os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "nvcc")
if os.path.exists(nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))

# Workflows (test/lit/workflow): the clang-tidy plugin beside the driver's
# bin/ folder, pre-commit from Debian's package, the CUDA toolkit's folder.
tidy_plugin = os.path.join(os.path.dirname(config.cal_bin), "lib", "cuda-access-tidy.so")
config.substitutions.insert(0, ("%tidyplugin", tidy_plugin))
if os.path.exists(tidy_plugin):
    config.available_features.add("tidy-plugin")
config.substitutions.append(("%cuda", os.environ.get("CUDA_PATH", "/usr/local/cuda")))
import shutil
if shutil.which("pre-commit"):
    config.available_features.add("pre-commit")
# Bear, for the optional recipe of docs/workflows.md (recipes-bear.test).
if shutil.which("bear"):
    config.available_features.add("bear")
# The HTML report's browser test: Debian's chromium, chromium-driver and
# python3-selenium (the system python3, which Debian's module is for).
import subprocess
if os.path.exists("/usr/bin/chromium") and os.path.exists("/usr/bin/chromedriver") \
        and subprocess.run(["/usr/bin/python3", "-c", "import selenium"],
                           capture_output=True).returncode == 0:
    config.available_features.add("chromium")
