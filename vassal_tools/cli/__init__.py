"""``vassal-tools <verb>``: one click group; each verb lives in its own module here.

Bad input is reported as one line on stderr with exit code 2 (see errors.BadInput);
set VASSAL_TOOLS_DEBUG=1 to see the traceback of an unexpected failure.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from ..errors import BadInput

# Each module registers its commands on ``main`` when imported.
COMMAND_MODULES = (
    "inspect_cmd",
    "stream_cmds",
    "pieces_cmd",
    "steps_cmd",
    "geometry_cmds",
    "build_cmds",
    "audit_cmds",
    "demo_cmd",
    "release_cmds",
    "replay_cmd",
)


class _Group(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BadInput as err:
            click.echo(f"vassal-tools: {err}", err=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            sys.exit(0)
        except Exception as err:  # a bug of ours: still one line, unless debugging
            if os.environ.get("VASSAL_TOOLS_DEBUG"):
                raise
            click.echo(f"vassal-tools: internal error: {type(err).__name__}: {err}", err=True)
            sys.exit(3)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vassal-tools")
def main():
    """Read, write, build and audit VASSAL modules, saves and logs."""


for _name in COMMAND_MODULES:
    importlib.import_module(f"{__name__}.{_name}")
