"""The compiled pass of the human-response model (optional: without a C compiler the
package installs and runs the same numbers in numpy). Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "associatsiya_ai.bots.people._kernel",
            ["associatsiya_ai/bots/people/_kernel.c"],
            # the same float operations as numpy's: no fused multiply-add, no fast math (-O3
            # vectorises element by element, which keeps every operation and its order)
            extra_compile_args=["-O3", "-ffp-contract=off", "-fno-fast-math"],
            optional=True,
        )
    ]
)
