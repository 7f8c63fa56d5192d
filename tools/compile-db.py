#!/usr/bin/env python3
"""Write a compile_commands.json for builds that do not write one.

  compile-db.py BUILD_DIR                     # CMake's FindCUDA (cuda_add_*)
  compile-db.py BUILD_DIR FILE... -- FLAG...  # any other build

CMake's old FindCUDA module (find_package(CUDA), cuda_add_executable,
cuda_add_library) compiles .cu files through custom commands, so
CMAKE_EXPORT_COMPILE_COMMANDS lists none of them. Configuring writes, for
each of those files, the script that runs nvcc on it
(BUILD_DIR/CMakeFiles/TARGET.dir/.../TARGET_generated_FILE.cu.o.cmake). The
first form reads those scripts, after `cmake -S . -B BUILD_DIR` and without
building, and writes one entry per file: nvcc with the file's include
folders, definitions and CUDA_NVCC_FLAGS (CUDA_NVCC_FLAGS_<CONFIG> are not
added).

The second form is for a Makefile or any build whose nvcc flags you know:
each FILE gets the command `nvcc FLAG... -c FILE`, run from the current
folder (so relative -I folders are relative to it).

Either way BUILD_DIR/compile_commands.json is written (BUILD_DIR created if
needed; an existing database there is replaced) and one line says how many
entries; then `cuda-access-lint -p BUILD_DIR FILE...`. The commands are
nvcc's, which cuda-access-lint translates for clang. Exit code 0, or 2 with
one line when there is nothing to write.
"""

import glob
import json
import os
import re
import sys


def cmake_list(value):
    """A CMake list as FindCUDA's script writes it: `a;b;c`, perhaps in
    [==[...]==] or "..." quotes, empty items dropped."""
    value = value.strip()
    m = re.fullmatch(r'\[(=*)\[(.*)\]\1\]', value, re.S)
    if m:
        value = m.group(2)
    elif len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return [item.strip() for item in value.split(';') if item.strip()]


def findcuda_entry(script):
    """The nvcc command of one FindCUDA *_generated_*.cu.o.cmake script."""
    values = {}
    with open(script, encoding='utf-8', errors='replace') as f:
        for line in f:
            # set(NAME VALUE) # comment: the script's one-line settings.
            m = re.match(r'set\((\w+)\s*(.*?)\)\s*(#.*)?$', line.rstrip())
            if m and m.group(1) not in values:
                values[m.group(1)] = m.group(2)
    source = cmake_list(values.get('source_file', ''))
    if not source:
        return None
    nvcc = cmake_list(values.get('CUDA_NVCC_EXECUTABLE', '')) or ['nvcc']
    args = [nvcc[0]]
    args += cmake_list(values.get('nvcc_flags', ''))
    args += ['-D' + d for d in
             cmake_list(values.get('CUDA_NVCC_COMPILE_DEFINITIONS', ''))]
    args += cmake_list(values.get('CUDA_NVCC_FLAGS', ''))
    seen = set()
    for inc in cmake_list(values.get('CUDA_NVCC_INCLUDE_DIRS', '')):
        if inc not in seen:
            seen.add(inc)
            args.append('-I' + inc)
    args += ['-c', source[0]]
    return {'directory': os.path.dirname(os.path.abspath(script)),
            'arguments': args, 'file': source[0]}


def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        print(__doc__.strip())
        return 0 if argv else 2
    build = argv[0]
    rest = argv[1:]
    if rest:
        if '--' not in rest:
            print('compile-db.py: give the nvcc flags after `--` '
                  '(BUILD_DIR FILE... -- FLAG...)', file=sys.stderr)
            return 2
        files = rest[:rest.index('--')]
        flags = rest[rest.index('--') + 1:]
        if not files:
            print('compile-db.py: no FILE before `--`', file=sys.stderr)
            return 2
        cwd = os.getcwd()
        entries = [{'directory': cwd,
                    'arguments': ['nvcc'] + flags + ['-c', os.path.abspath(f)],
                    'file': os.path.abspath(f)} for f in files]
    else:
        scripts = sorted(glob.glob(
            os.path.join(build, 'CMakeFiles', '**', '*_generated_*.cmake'),
            recursive=True))
        scripts = [s for s in scripts if not s.endswith('.pre-gen')]
        entries = [e for e in map(findcuda_entry, scripts) if e]
        if not entries:
            print("compile-db.py: no FindCUDA scripts (*_generated_*.cmake) "
                  "under '%s/CMakeFiles': configure it first (cmake -S . -B "
                  "%s), or name the files and their flags: BUILD_DIR FILE... "
                  "-- FLAG..." % (build, build), file=sys.stderr)
            return 2
    os.makedirs(build, exist_ok=True)
    out = os.path.join(build, 'compile_commands.json')
    with open(out, 'w', encoding='utf-8') as f:
        json.dump(entries, f, indent=2)
        f.write('\n')
    print('%s: %d entr%s' % (out, len(entries),
                             'y' if len(entries) == 1 else 'ies'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
