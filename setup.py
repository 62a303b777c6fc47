"""The compiled pass of the human-response model (optional: without a C compiler the
package installs and runs the same numbers in numpy). Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import Extension, setup

# one extension module from the C files of kernel_src/ (kernel.h: what they share), relative
# to this file: setuptools wants the sources' paths relative to the project, not absolute
_SOURCES = "associatsiya_ai/bots/people/kernel_src"
_HERE = Path(__file__).parent
_C_FILES = sorted(p.relative_to(_HERE).as_posix() for p in (_HERE / _SOURCES).glob("*.c"))
if not _C_FILES:  # (with optional=True a failed build is only a warning: numpy, slower)
    raise SystemExit(f"setup.py: no C file in {_SOURCES}")

setup(
    ext_modules=[
        Extension(
            "associatsiya_ai.bots.people._kernel",
            _C_FILES,
            depends=[f"{_SOURCES}/kernel.h"],
            # the same float operations as numpy's: no fused multiply-add, no fast math (-O3
            # vectorises element by element, which keeps every operation and its order)
            extra_compile_args=["-O3", "-ffp-contract=off", "-fno-fast-math"],
            optional=True,
        )
    ]
)
