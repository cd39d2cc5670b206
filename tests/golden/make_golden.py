"""The script that made ``tests/golden/*.json`` with the code of commit a0f859c
(``python tests/golden/make_golden.py tests/golden`` in a checkout of it): bots
play every game from fixed seeds and every answer is kept as a digest
(``tests/test_same_play.py`` plays the same calls again). Kept as the record of
how the texts were made; it is not run against later code."""

import hashlib
import json
import sys

sys.path.insert(0, "py")
from club.blocks.api import Session as Blocks
from club.blocks.pieces import CELLS
from club.bowls.api import Session as Bowls
from club.domino.api import Session as Domino
from club.merge.api import Session as Merge
from club.replayer import Replays
from club.rng import Rng


def canon(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

def digest(value):
    return hashlib.sha256(canon(value).encode()).hexdigest()[:16]

def blocks_view(view):
    return {k: v for k, v in view.items() if k != "position"} if isinstance(view, dict) else view

def blocks_save(text):
    if not text:
        return text
    value = json.loads(text)
    value.pop("version", None)
    value["data"].pop("log", None)
    return value

def norm(game):
    if game == "blocks":
        return blocks_view, blocks_save
    return (lambda v: v), (lambda s: s)

class Script:
    def __init__(self, game, session):
        self.game, self.s = game, session
        self.view_of, self.save_of = norm(game)
        self.steps = []
        self.texts = {}

    def call(self, method, payload):
        answer = getattr(self.s, method)(payload)
        row = {"method": method, "payload": payload}
        if isinstance(answer, dict) and "events" in answer:
            row["accepted"], row["reason"] = answer.get("accepted"), answer.get("reason")
            row["events"] = digest(answer["events"])
            for key in ("view", "save", "profile"):
                if key in answer:
                    value = answer[key]
                    value = self.view_of(value) if key == "view" else self.save_of(value) if key == "save" else value
                    row[key] = digest(value)
            for key in ("falling", "speed", "soft", "line"):
                if key in answer:
                    row[key] = digest(answer[key])
        else:
            row["answer"] = digest(self.view_of(answer) if method in ("new", "load", "view") else answer)
        row["state_save"] = digest(self.save_of(self.s.save({})))
        self.steps.append(row)
        return answer

    def result(self):
        s = self.s
        code = s.replay_code()
        out = {"game": self.game, "steps": self.steps, "final_save": s.save({}),
               "final_view": digest(self.view_of(s.view({}))), "run_info": s.run_info({}),
               "profile": s.dump_profile(s.profile), "code": code, **self.texts}
        if code:
            r = Replays(type(s)())
            opened = r.replay_open({"code": code})
            seeks = []
            for index in range(opened["steps"] + 1):
                got = r.replay_seek({"index": index})
                seeks.append(digest({"view": self.view_of(got["view"]), "events": got["events"], "index": got["index"], "steps": got["steps"]}))
            # backward and jumps too
            for index in sorted({opened["steps"], min(3, opened["steps"]), min(1, opened["steps"]), opened["steps"] // 2, 0}, reverse=True):
                got = r.replay_seek({"index": index})
                seeks.append(digest({"view": self.view_of(got["view"]), "events": got["events"]}))
            out["replay"] = {"open": digest({k: (self.view_of(v) if k == "view" else v) for k, v in opened.items()}), "seeks": seeks}
        return out

def blocks():
    for bot in range(1, 60):
        res = blocks_run(bot)
        if len(res["steps"]) >= 45:
            print("blocks bot", bot)
            return res
    raise SystemExit("no long blocks run")

def blocks_run(bot):
    sc = Script("blocks", Blocks())
    sc.call("new", {"seed": 11})
    sc.texts["saves"] = {"fresh": sc.s.save({})}
    rng = Rng.from_seed(bot)
    redealt = False
    n = 0
    while not sc.s.view({})["over"]:
        v = sc.s.view({})
        if v["redeal_offered"] or (n == 9 and not redealt):
            sc.call("redeal", {})
            redealt = True
            n += 1
            continue
        options = [(t["slot"], i) for t in v["tray"] for i in t["targets"]]
        pick, rng = rng.below(len(options))
        slot, i = options[pick]
        cell = CELLS[i]
        if n == 5:
            sc.call("place", {"slot": slot, "cell": "9:9"})  # refused
            sc.call("preview", {"slot": slot, "cell": str(cell)})
        sc.call("place", {"slot": slot, "cell": str(cell)} if n % 2 else {"slot": slot, "cell": [cell.q, cell.r]})
        n += 1
        if n == 12:
            sc.texts["saves"]["mid"] = sc.s.save({})
    sc.texts["saves"]["over"] = sc.s.save({})
    if "mid" not in sc.texts["saves"]:
        return {"steps": []}
    res = sc.result()
    # a run resumed from the mid save, then played on a little, then new_run (banks it)
    s2 = Script("blocks", Blocks())
    s2.call("load_profile", {"profile": None})
    s2.call("load", {"save": sc.texts["saves"]["mid"]})
    v = s2.s.view({})
    t = next((t for t in v["tray"] if t["targets"]), None)
    if t is None:
        s2.call("redeal", {})
    else:
        s2.call("place", {"slot": t["slot"], "cell": str(CELLS[t["targets"][0]])})
    s2.texts["resumed"] = s2.s.save({})
    s2.call("new_run", {"seed": 12})
    s2.call("geometry", {})
    res["resumed"] = s2.result()
    old = Blocks()  # a run saved before runs were recorded (version 1): it has no recording
    old.load({"save": OLD_RUN})
    target = old.view({})["tray"][2]["targets"][0]
    assert old.place({"slot": 2, "cell": str(CELLS[target])})["accepted"]
    res["saves"]["unrecorded"] = old.save({})
    return res

OLD_RUN = (
    '{"data":{"banked":false,"drops":2,"log":["place 0 0:0","place 1 2:-2"],"position":"...../...x../....xx./'
    '...xx.../....xx.../.....x../......./....../..... -|-|0:0,-1:0,0:1 8 0 0 0 1","rng":14878565106014341306,'
    '"seed":7},"game":"blocks","kind":"run","schema":1}'
)

def domino():
    sc = Script("domino", Domino())
    sc.call("new", {"seed": 9, "mode": "sprint", "set": "classic"})
    rng = Rng.from_seed(2)
    moves = ("left", "right", "cw", "ccw", "down")
    tile = 0
    while not sc.s.state.over:
        k, rng = rng.below(4)
        for _ in range(k):
            m, rng = rng.below(len(moves))
            sc.call("move", {"move": moves[m]})
        for ms in (16, 17, 0, 300):
            sc.call("tick", {"ms": ms})
        if tile % 3 == 0:
            sc.call("soft", {"held": True})
            sc.call("soft", {"held": True})
            for _ in range(4):
                sc.call("tick", {"ms": 40})
            sc.call("soft", {"held": False})
        if tile % 4 == 1:
            for _ in range(12):  # let gravity lock it
                sc.call("tick", {"ms": 250})
                if sc.s.state.turns > tile:
                    break
        if sc.s.state.turns == tile and not sc.s.state.over:
            sc.call("move", {"move": "hard"})
        tile = sc.s.state.turns
        if tile == 10 and "mid" not in sc.texts:
            sc.texts["mid"] = sc.s.save({})
            reloaded = Domino()
            reloaded.load({"save": sc.texts["mid"]})
            sc.texts["mid_reloaded"] = reloaded.save({})
    sc.call("move", {"move": "left"})
    sc.call("tick", {"ms": 20})
    return sc.result()

def merge():
    sc = Script("merge", Merge())
    sc.call("load_profile", {"profile": None})
    sc.call("new", {"seed": 21, "jokers": True})
    rng = Rng.from_seed(3)
    n, turned = 0, -1
    while not sc.s.view({})["over"]:
        v = sc.s.view({})
        if v["can_rotate"] and n % 3 == 0 and turned != n:
            turned = n
            sc.call("rotate", {"step": 1 if n % 2 else -1})
            sc.call("rotate", {})
            v = sc.s.view({})
        if n % 4 == 0:
            sc.call("tick", {"ms": 1234})
        legal = v["legal"]
        if not legal:
            sc.call("rotate", {"step": 1})
            continue
        pick, rng = rng.below(len(legal))
        if n == 7:
            sc.call("preview", {"cell": legal[pick]})
            sc.call("place", {"cell": "9:9"})
        sc.call("place", {"cell": legal[pick], "ms": 500} if n % 5 == 0 else {"cell": legal[pick]})
        n += 1
        if n == 15:
            sc.texts["mid"] = sc.s.save({})
            sc.call("settings", {"settings": {"style": "pastel"}})
    sc.call("abandon", {})
    return sc.result()

def bowls():
    out = {}
    for seed in range(5, 80):
        out["endless"] = endless(seed)
        if len(out["endless"]["steps"]) >= 35:
            print("bowls seed", seed)
            break
    else:
        raise SystemExit("no long endless")
    return bowls_rest(out)

def endless(seed):
    sc = Script("bowls", Bowls())
    sc.call("load_profile", {"profile": None})
    sc.call("new", {"mode": "endless", "seed": seed})
    rng = Rng.from_seed(8)
    n = 0
    while sc.s.view({})["choosable"] and n < 40:
        ch = sc.s.view({})["choosable"]
        pick, rng = rng.below(len(ch))
        if n == 3:
            sc.call("forecast", {"bowl": ch[pick]})
        sc.call("sow", {"bowl": ch[pick]})
        n += 1
        if n in (6, 20):
            for method in ("undo", "undo", "redo"):
                sc.call(method, {})
        if n == 10:
            for method in ("undo", "redo"):
                sc.call(method, {})
    if not sc.s.over(sc.s.state):
        sc.call("end", {})
    return sc.result()

def bowls_rest(out):
    sc = Script("bowls", Bowls())
    sc.call("new", {"daily": "2026-11-29"})
    rng = Rng.from_seed(9)
    while sc.s.view({})["choosable"]:
        ch = sc.s.view({})["choosable"]
        pick, rng = rng.below(len(ch))
        sc.call("sow", {"bowl": ch[pick]})
    sc.call("undo", {})
    out["daily"] = sc.result()
    sc = Script("bowls", Bowls())
    sc.call("puzzle_new", {"puzzle": 3})
    while not sc.s.over(sc.s.state):
        h = sc.s.hint({})
        sc.call("sow", {"bowl": h["bowl"]})
    sc.call("themes", {})
    sc.call("puzzles", {})
    out["puzzle"] = sc.result()
    return out

if __name__ == "__main__":
    import pathlib
    target = pathlib.Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    for name, make in (("blocks", blocks), ("domino", domino), ("merge", merge), ("bowls", bowls)):
        data = make()
        (target / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(name, (target / f"{name}.json").stat().st_size)
