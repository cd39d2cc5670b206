"""Write the engine's ``TypedDict``s as TypeScript declarations for the page's
JSDoc: ``build/types/views.d.ts``, read by ``make typecheck``.

Every ``TypedDict`` defined in ``club.session`` (and the other top-level
``club`` modules) goes into the global namespace ``Club``; every one defined in
a module of ``club.<game>`` into the namespace named after the game,
capitalised (``Blocks``, ``Domino``, ``Merge``, ``Bowls``). So a page writes
``/** @param {Blocks.View} view */`` and a view key renamed in Python fails
the type check of the page that still reads the old one.

Mapping: ``int``/``float`` -> ``number``, ``str`` -> ``string``, ``bool`` ->
``boolean``, ``None`` -> ``null``, ``list[X]``/``tuple[X, ...]`` -> ``X[]``,
``tuple[A, B]`` -> ``[A, B]``, ``dict[K, X]`` -> ``{ [key: string]: X }``
(JSON keys are strings; not ``Record<string, X>``, which domino's own
``Record`` would shadow inside its namespace) but ``dict[str, Any]`` -> ``any`` (an object of any keys,
such as ``Club.Answer.view``, which a page reads as its game's ``View``),
``Literal[...]`` and ``X | Y`` -> unions, ``Any`` ->
``any``, a ``TypedDict`` -> its name (``Club.Preview`` from another
namespace). Inherited keys are written out in full (no ``extends``); a key in
``__optional_keys__`` is ``key?:``. A type with no mapping is ``unknown`` and
named on stderr. The class docstring and a field's trailing ``# comment``
become ``/** ... */``.

Type aliases: a module-level ``Name: TypeAlias = A | B | ...`` (each game's
``Event``, the union of its events' TypedDicts in ``club.<game>.events``, one
per kind with a ``Literal`` ``type``) becomes ``type Name = A | B | ...;`` in
the module's namespace, and a field whose type is that union is written as
``Name`` (``Domino.Tick.events: Event[]``). So a page writes
``/** @param {Blocks.Event[]} events */`` and TypeScript narrows an event by
its ``type``. Only aliases annotated ``TypeAlias`` are written (a plain
``Tray = tuple[...]`` stays Python's).

Name clashes inside one namespace (domino has a ``Record`` in ``records.py``
and in ``views.py``): the class of the ``views`` module keeps its name, any
other is prefixed with its module's name capitalised (``RecordsRecord``);
when two non-``views`` modules clash, both are prefixed (aliases too).
Namespaces, and the interfaces and aliases in each, are written in sorted
order, so the output is deterministic.

The declared surface (``club.surface``): each game's namespace gets
``interface Calls``, every name the page may call of it (the contract, the
replay and ghost services, the game's own ``CALLS``) with its ``payload``
(a ``NotRequired`` key is ``key?:``), its ``answer`` (the return annotation
of the method that answers it) and ``acts`` (``true``: it changes what the
session holds); the Daily Club's service is ``Daily.Calls``. So a page may
type a call by name: ``Blocks.Calls["place"]["answer"]`` is ``Club.Answer``.
"""

from __future__ import annotations

import argparse
import collections.abc
import importlib
import inspect
import pkgutil
import re
import sys
import types
import typing
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "types" / "views.d.ts"
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from club.answers import GameEvent, GameProfile, GameView  # noqa: E402 (py/ is on the path only from here)

#: A game's own shapes in the contract's answers, and their type parameters' names in a generic interface.
GAME_TYPES: dict[object, str] = {GameView: "V", GameEvent: "E", GameProfile: "P"}
PRIMITIVES = {int: "number", float: "number", str: "string", bool: "boolean", type(None): "null"}
FIELD = re.compile(r"^\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^#]*#\s*(.+?)\s*$")
IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
SEQUENCES = {collections.abc.Sequence, collections.abc.Iterable, collections.abc.Collection}
MAPPINGS = {collections.abc.Mapping, collections.abc.MutableMapping}


class Alias:
    """A module-level ``Name: TypeAlias = ...`` of an engine module: named like a
    class (``__module__``, ``__name__``) so the names are assigned alike."""

    def __init__(self, module: str, name: str, value: object) -> None:
        self.__module__ = module
        self.__name__ = name
        self.value = value

    def __repr__(self) -> str:
        return f"Alias({self.__module__}.{self.__name__})"


@dataclass(frozen=True)
class Named:
    """Where one TypedDict is declared: its namespace and its name there."""

    namespace: str
    name: str


def namespace_of(module: str) -> str:
    """``club.blocks.views`` -> ``Blocks``; ``club.session`` -> ``Club``."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] == "club":
        return parts[1].capitalize()
    return "Club"


def typeddicts(module: types.ModuleType) -> list[type]:
    """The TypedDicts ``module`` itself defines (not the ones it imports)."""
    return [
        value for value in vars(module).values()
        if isinstance(value, type) and typing.is_typeddict(value) and value.__module__ == module.__name__
    ]


def aliases(module: types.ModuleType) -> list[Alias]:
    """The type aliases ``module`` itself declares: its names annotated ``TypeAlias``
    (a string under ``from __future__ import annotations``)."""
    found = []
    for name, note in getattr(module, "__annotations__", {}).items():
        if note in ("TypeAlias", "typing.TypeAlias", typing.TypeAlias) and name in vars(module):
            found.append(Alias(module.__name__, name, vars(module)[name]))
    return found


def engine_modules() -> list[types.ModuleType]:
    """``club``'s top-level modules and every module of each game package."""
    import club

    found = []
    for info in sorted(pkgutil.iter_modules(club.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"club.{info.name}")
        found.append(module)
        if info.ispkg:
            for sub in sorted(pkgutil.iter_modules(module.__path__), key=lambda i: i.name):
                found.append(importlib.import_module(f"club.{info.name}.{sub.name}"))
    return found


def assign_names(classes: list[type | Alias]) -> dict[type | Alias, Named]:
    """Each class's (and alias's) namespace and name, clashes resolved (see the docstring)."""
    groups: dict[tuple[str, str], list[type | Alias]] = {}
    for cls in classes:
        groups.setdefault((namespace_of(cls.__module__), cls.__name__), []).append(cls)
    names: dict[type | Alias, Named] = {}
    for (namespace, name), group in groups.items():
        for cls in group:
            module = cls.__module__.rsplit(".", 1)[-1]
            keep = len(group) == 1 or (module == "views" and sum(
                c.__module__.endswith(".views") for c in group) == 1)
            prefix = "" if keep else "".join(p.capitalize() for p in module.split("_"))
            names[cls] = Named(namespace, prefix + name)
    return names


class Mapper:
    """Python annotations -> TypeScript type text, for one set of names."""

    def __init__(self, names: dict[type | Alias, Named]) -> None:
        self.names = names
        self.unknown: list[str] = []
        self.aliases = {alias.value: named for alias, named in names.items() if isinstance(alias, Alias)}
        #: What a game's own shape (``GAME_TYPES``) is written as here: its type parameter's name
        #: inside a generic interface, the game's type inside its ``Calls`` (``as_game``).
        self.own: dict[object, str] = dict(GAME_TYPES)

    def ts(self, hint: object, here: str) -> str:
        """The TypeScript text of ``hint`` written inside namespace ``here``."""
        if hint in self.own:
            return self.own[hint]
        named = self.alias_of(hint)
        if named is not None:
            return named.name if named.namespace == here else f"{named.namespace}.{named.name}"
        if hint in PRIMITIVES:
            return PRIMITIVES[hint]
        if hint is typing.Any or hint is object:
            return "any"
        if isinstance(hint, type) and typing.is_typeddict(hint):
            return self.reference(hint, here)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Literal:
            return " | ".join(literal(a) for a in args)
        if origin in (typing.Union, types.UnionType):
            return " | ".join(self.ts(a, here) for a in args)
        if origin in (list, set, frozenset) or origin in SEQUENCES:
            return self.array(args[0] if args else typing.Any, here)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self.array(args[0], here)
            return "[" + ", ".join(self.ts(a, here) for a in args) + "]"
        if origin in (dict,) or origin in MAPPINGS:
            value = args[1] if len(args) == 2 else typing.Any
            if value is typing.Any:  # an object of any keys (an event, a view of any game)
                return "any"
            return f"{{ [key: string]: {self.ts(value, here)} }}"
        if hint in (list, tuple, set):
            return "any[]"
        if hint is dict:
            return "any"
        self.unknown.append(repr(hint))
        return "unknown"

    def alias_of(self, hint: object) -> Named | None:
        """The alias declared as exactly ``hint`` (a union equals another of the same members)."""
        try:
            return self.aliases.get(hint)
        except TypeError:  # an unhashable hint is no alias
            return None

    def union(self, hint: object, here: str) -> str:
        """An alias's own text: its union's members, or the one type it names (never the alias's name)."""
        if typing.get_origin(hint) not in (typing.Union, types.UnionType):
            aliases, self.aliases = self.aliases, {}
            try:
                return self.ts(hint, here)
            finally:
                self.aliases = aliases
        return " | ".join(self.ts(a, here) for a in typing.get_args(hint))

    def array(self, item: object, here: str) -> str:
        text = self.ts(item, here)
        return f"({text})[]" if " | " in text else f"{text}[]"

    def reference(self, cls: type, here: str) -> str:
        named = self.names.get(cls)
        if named is None:  # a TypedDict no engine module defines: written as any
            self.unknown.append(repr(cls))
            return "unknown"
        name = named.name if named.namespace == here else f"{named.namespace}.{named.name}"
        params = generic_params(cls)
        return f"{name}<{', '.join(self.ts(marker, here) for marker in params)}>" if params else name

    def as_game(self, session_type: type, namespace: str) -> None:
        """Write a game's own shapes as that game's (its ``describe``'s view, its ``profile_view``'s profile)."""
        self.own = dict(GAME_TYPES)
        self.own = {marker: self.ts(hint, namespace) for marker, hint in own_types(session_type).items()}

    def as_any_game(self, session_types: list[type], namespace: str) -> None:
        """Write a game's own shapes as any game's: the union of each game's."""
        self.own = dict(GAME_TYPES)
        found = [own_types(session_type) for session_type in session_types]
        self.own = {marker: " | ".join(dict.fromkeys(self.ts(own[marker], namespace) for own in found))
                    for marker in GAME_TYPES}

    def as_parameters(self) -> None:
        """Write a game's own shapes as type parameters (inside a generic interface)."""
        self.own = dict(GAME_TYPES)


def own_types(session_type: type) -> dict[object, object]:
    """A game's own shapes: its ``describe``'s view, its events' union, its ``profile_view``'s profile."""
    profile = typing.get_type_hints(session_type.profile_view).get("return")
    if profile in GAME_TYPES:  # the base's: the profile as kept
        profile = typing.get_type_hints(session_type.fresh_profile).get("return")
    events = importlib.import_module(f"club.{session_type.game}.events").Event
    return {GameView: typing.get_type_hints(session_type.describe).get("return"), GameEvent: events,
            GameProfile: profile}


def generic_params(cls: type, seen: frozenset[type] = frozenset()) -> list[object]:
    """The game's own shapes (``GAME_TYPES``) a TypedDict holds, itself or through the
    TypedDicts it holds, in ``GAME_TYPES``'s order: its interface's type parameters."""
    used: set[object] = set()
    stack: list[object] = list(typing.get_type_hints(cls).values())
    while stack:
        hint = stack.pop()
        if hint in GAME_TYPES:
            used.add(hint)
        elif isinstance(hint, type) and typing.is_typeddict(hint) and hint not in seen and hint is not cls:
            used.update(generic_params(hint, seen | {cls}))
        else:
            stack.extend(typing.get_args(hint))
    return [marker for marker in GAME_TYPES if marker in used]


def literal(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def field_comments(cls: type) -> dict[str, str]:
    """``key -> trailing comment`` from the source of ``cls`` and its bases."""
    comments: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not typing.is_typeddict(klass):
            continue
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):  # no source (made at run time): no comments
            continue
        for line in source.splitlines():
            match = FIELD.match(line)
            if match:
                comments[match.group(1)] = match.group(2)
    return comments


def doc(text: str | None, indent: str) -> list[str]:
    """``text`` as a JSDoc block (nothing for no text)."""
    if not text:
        return []
    lines = [line.rstrip() for line in inspect.cleandoc(text).replace("*/", "*\\/").splitlines()]
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


def interface(cls: type, named: Named, mapper: Mapper) -> list[str]:
    """``interface Name { ... }`` for one TypedDict, inside its namespace."""
    hints = typing.get_type_hints(cls)
    optional = getattr(cls, "__optional_keys__", frozenset())
    comments = field_comments(cls)
    text = doc(cls.__doc__, "  ")
    params = "".join(f"<{', '.join(f'{GAME_TYPES[m]} = unknown' for m in generic_params(cls))}>"
                     for _ in [0] if generic_params(cls))
    text.append(f"  interface {named.name}{params} {{")
    for key, hint in hints.items():
        text += doc(comments.get(key), "    ")
        prop = key if IDENT.match(key) else literal(key)
        text.append(f"    {prop}{'?' if key in optional else ''}: {mapper.ts(hint, named.namespace)};")
    text.append("  }")
    return text


def alias(item: Alias, named: Named, mapper: Mapper) -> list[str]:
    """``type Name = A | B;`` for one alias, inside its namespace."""
    return [f"  type {named.name} = {mapper.union(item.value, named.namespace)};"]


def calls_interface(session_type: type, namespace: str, mapper: Mapper) -> list[str]:
    """``interface Calls { name: { payload; answer; acts } }`` of a session's declared calls
    (the base ``Session``'s: the contract every game answers, its own shapes any game's)."""
    from club import GAMES
    from club.session import Session
    from club.surface import answerer, contract, declared, module_of

    calls = contract() if session_type is Session else declared(session_type)
    if session_type is Session:
        mapper.as_any_game([importlib.import_module(module_of(game)).Session for game in GAMES], namespace)
    elif getattr(session_type, "game", None) is not None:
        mapper.as_game(session_type, namespace)
    text = ["  /** What the page may call (club.surface): payload, answer, and whether the call acts. */",
            "  interface Calls {"]
    for name, call in sorted(calls.items()):
        keys = []
        for key, hint in call.payload.items():
            optional = typing.get_origin(hint) is typing.NotRequired
            inner = typing.get_args(hint)[0] if optional else hint
            keys.append(f"{key}{'?' if optional else ''}: {mapper.ts(inner, namespace)}")
        payload = "{ " + "; ".join(keys) + " }" if keys else "{}"
        answer = mapper.ts(typing.get_type_hints(answerer(session_type, name)).get("return", typing.Any), namespace)
        text.append(f"    {name}: {{ payload: {payload}; answer: {answer}; acts: {'true' if call.acts else 'false'} }};")
    text.append("  }")
    mapper.as_parameters()
    return text


def surfaces() -> dict[str, type]:
    """Namespace -> the session type whose declared calls it gets (each game's, ``Daily``, and
    ``Club``: the contract every game answers, ``club.session.Session``'s)."""
    from club import GAMES
    from club.session import Session
    from club.surface import DAILY, module_of

    names = [*GAMES, DAILY]
    games = {namespace_of(module_of(name)): importlib.import_module(module_of(name)).Session for name in names}
    return {"Club": Session, **games}


def render(classes: list[type | Alias], calls: dict[str, type] | None = None) -> tuple[str, list[str]]:
    """The declaration file for ``classes`` (and aliases), with the ``Calls`` of the sessions
    of ``calls`` (namespace -> session type), and the types it could not map."""
    names = assign_names(classes)
    mapper = Mapper(names)
    spaces: dict[str, list[type | Alias]] = {}
    for cls, named in names.items():
        spaces.setdefault(named.namespace, []).append(cls)
    calls = calls or {}
    for namespace in calls:
        spaces.setdefault(namespace, [])
    out = ["// Generated by tools/viewtypes.py from the engine's TypedDicts: do not edit.", ""]
    for namespace in sorted(spaces):
        out.append(f"declare namespace {namespace} {{")
        members = sorted(spaces[namespace], key=lambda c: names[c].name)
        for index, cls in enumerate(members):
            if index:
                out.append("")
            out += alias(cls, names[cls], mapper) if isinstance(cls, Alias) else interface(cls, names[cls], mapper)
        if namespace in calls:
            out += [""] * bool(members) + calls_interface(calls[namespace], namespace, mapper)
        out += ["}", ""]
    return "\n".join(out), mapper.unknown


def collect() -> list[type | Alias]:
    seen: dict[type | Alias, None] = {}
    for module in engine_modules():
        for cls in typeddicts(module):
            seen.setdefault(cls, None)
        for item in aliases(module):
            seen.setdefault(item, None)
    return list(seen)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    text, unknown = render(collect(), surfaces())
    for name in unknown:
        print(f"viewtypes: no TypeScript for {name}: written as unknown", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not args.out.is_file() or args.out.read_text() != text:
        args.out.write_text(text)
    print(f"viewtypes: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} "
          f"({text.count('interface ')} interfaces, {text.count('  type ')} aliases, {text.count('interface Calls')} call maps)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
