"""A quick way in for plain command lines of the commands a director times on large events (``valet``).

Typer (0.2x) reads every option of the command it runs through a pydantic validator, and imports pydantic and
builds those validators at each start: about 90 ms of processor time, a fifth of ``bridgescore valet`` on a
large event (issue 12). A command line made only of the command's own option names, each followed by its value
(a whole number for a number), and its arguments is read here from the same declarations - the
``typer.Option``/``typer.Argument`` of the command's signature, nothing written twice - and the command is
called directly. Anything else (``--help``, an unknown or abbreviated option, ``--name=value``, a missing value,
a value beginning with ``-``, a number that is not one, an option with a callback or a check) returns None, and
Typer reads the command line, or says what is wrong with it, exactly as before.
"""

from __future__ import annotations

import errno
import inspect
import os
import sys
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

#: The commands read here: name → (module, function).
QUICK_COMMANDS = {"valet": ("bridgescore.cli.valet", "valet")}


@dataclass(frozen=True)
class _Parameter:
    name: str
    kind: type  # bool, str, int or Path (of each element, for a list)
    many: bool  # a list: every argument
    option: bool  # an option (else the argument)


def _plain_type(hint: Any) -> tuple[type, bool] | None:
    """``(type, is_list)`` of an annotation such as ``str``, ``Path | None``, ``list[Path] | None``; None for
    anything else."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        kinds = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(kinds) != 1:
            return None
        hint = kinds[0]
    many = typing.get_origin(hint) is list
    if many:
        (hint,) = typing.get_args(hint)
    if hint in (bool, str, int, Path) and not (many and hint is bool):
        return hint, many
    return None


#: ParameterInfo attributes (and their neutral values) under which a parameter is only read as it is given.
_NEUTRAL = {"callback": None, "is_eager": False, "envvar": None, "parser": None, "default_factory": None,
            "min": None, "max": None, "exists": False, "resolve_path": False, "count": False, "prompt": False,
            "expose_value": True, "click_type": None}  # fmt: skip


def _parameters(command: Callable[..., Any]) -> tuple[dict[str, _Parameter], _Parameter | None] | None:
    """The command's option names (→ parameter) and its argument, from its ``Annotated`` Typer declarations;
    None if one of them is more than a plain option or argument."""
    import typer.models

    options: dict[str, _Parameter] = {}
    argument: _Parameter | None = None
    for name, hint in typing.get_type_hints(command, include_extras=True).items():
        if name == "return":
            continue
        infos = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, typer.models.ParameterInfo)]
        plain = _plain_type(typing.get_args(hint)[0]) if len(infos) == 1 else None
        if plain is None or any(getattr(infos[0], k, v) != v for k, v in _NEUTRAL.items()):
            return None
        info = infos[0]
        if isinstance(info, typer.models.ArgumentInfo):
            if argument is not None:
                return None
            argument = _Parameter(name, plain[0], plain[1], option=False)
            continue
        # in ``Annotated``, Option's first positional value is its first name (as typer.utils reads it)
        decls = [*([info.default] if info.default is not ... else []), *(info.param_decls or ())]
        names = [d for d in decls if isinstance(d, str) and "/" not in d and d[:1] == "-" and d not in options]
        if not names or len(names) != len(decls) or plain[1]:
            return None
        options.update((d, _Parameter(name, plain[0], False, option=True)) for d in names)
    return options, argument


def _value(kind: type, text: str) -> Any:
    """``text`` as ``kind`` the way Typer reads it, or None where Typer should judge it."""
    if not text or text.startswith("-"):
        return None
    if kind is int:
        return int(text) if text.isascii() and text.isdigit() else None
    return Path(text) if kind is Path else text


def parse(command: Callable[..., Any], args: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``command`` for the command line ``args`` (after the command's name), or None
    where Typer should read it."""
    found = _parameters(command)
    if found is None:
        return None
    options, argument = found
    values: dict[str, Any] = {}
    given: list[Any] = []
    i = 0
    while i < len(args):
        token = args[i]
        if token.startswith("-") and token != "-":
            parameter = options.get(token)
            if parameter is None:
                return None
            if parameter.kind is bool:
                values[parameter.name] = True
                i += 1
                continue
            value = _value(parameter.kind, args[i + 1]) if i + 1 < len(args) else None
            if value is None:
                return None
            values[parameter.name] = value
            i += 2
            continue
        value = _value(argument.kind, token) if argument is not None else None
        if value is None:
            return None
        given.append(value)
        i += 1
    signature = inspect.signature(command)
    if argument is not None:
        if argument.many:
            values[argument.name] = given or ()  # what Typer passes for no arguments
        elif len(given) == 1:
            values[argument.name] = given[0]
        else:
            return None
    for name, declared in signature.parameters.items():
        if name not in values:
            if declared.default is inspect.Parameter.empty:
                return None
            values[name] = declared.default
    return values


def run(argv: Sequence[str]) -> bool:
    """Run ``argv`` (without the program's name) if it is a plain command line of one of ``QUICK_COMMANDS``,
    exiting as Typer would (the command's exit status; 1 on Ctrl-C or a closed output pipe). False if Typer
    should read it."""
    if not argv or argv[0] not in QUICK_COMMANDS:
        return False
    module, name = QUICK_COMMANDS[argv[0]]
    command = getattr(import_module(module), name)
    values = parse(command, argv[1:])
    if values is None:
        return False
    import typer

    from bridgescore.cli.common import refusing_overwrite

    try:
        refusing_overwrite(command)(**values)  # -o refused over any input, as through Typer
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except KeyboardInterrupt:
        print("\nAborted!", file=sys.stderr)
        sys.exit(1)
    except OSError as problem:
        if problem.errno != errno.EPIPE:
            raise
        # the reader of the output went away (``| head``): say nothing more, as click does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    return True
