#!/usr/bin/env python3
"""Fairy-Stockfish speaking tigerseye's engine protocol (docs/conform.md).

DiamondQuest and DiamondChess (Northern Light's 2nd and 3rd Hunts, seed 002)
are defined for Fairy-Stockfish in variants.ini beside this file; this adapter
reads the protocol's JSON lines on stdin, translates the project's positions
and actions into Fairy-Stockfish's FEN and UCI moves, asks pyffish for the
legal moves and the result, and writes the answers back in the project's
notation.

    tigerseye conform --game diamond-quest \\
        --engine "python3 conformance/adapters/fairy_stockfish/adapter.py"

Requires the `pyffish` package (Fairy-Stockfish's Python binding).

`--bug towering-ignores-attacks` injects a rule bug for the harness's own
tests: Towering is offered whenever the squares between the Princess and her
Tower are empty, whether or not she is in check or passes or lands on an
attacked square.
"""

import argparse
import json
import os
import sys

import pyffish as sf

PROTOCOL = 1
GAMES = ("diamond-quest", "diamond-chess")

# The project's letters (docs/games/northern-light.md) and Fairy-Stockfish's.
TO_FSF = {"S": "k", "T": "r", "K": "n", "N": "b", "A": "a", "P": "p"}
FROM_FSF = {v: k for k, v in TO_FSF.items()}
# Promotion letters: the project's `=A`, `=N`, `=K`; UCI's suffixes.
PROMO_TO_FSF = {"A": "a", "N": "b", "K": "n"}
PROMO_FROM_FSF = {v: k for k, v in PROMO_TO_FSF.items()}
# Towering rights: the project's corners, Fairy-Stockfish's castling letters.
CORNERS = (("A1", "Q"), ("G1", "K"), ("A7", "q"), ("G7", "k"))
# The castling right a move from or to a square loses (UCI squares).
RIGHTS_AT = {"a1": "Q", "g1": "K", "a7": "q", "g7": "k"}
FILES = "abcdefg"
SIZE = 7

# The game-ending rules tigerseye applies and Fairy-Stockfish does not: its
# legal moves and perft go on where tigerseye's game is over.
DIFFERENCES = [
    {
        "game": game,
        "rule": "threefold-repetition",
        "ruling": f"{game}.repetition",
        "note": "Fairy-Stockfish's move generation and perft ignore repetition "
        "(a repetition is a draw it may claim, not the end of the game); "
        "tigerseye ends the game at the third occurrence",
    }
    for game in GAMES
] + [
    {
        "game": game,
        "rule": "dead-position",
        "ruling": f"{game}.dead-position",
        "note": "Fairy-Stockfish plays on when neither side can checkmate "
        "(the option dead-position=play-on is its reading); "
        "tigerseye draws at once under the default reading",
    }
    for game in GAMES
]


class Refused(Exception):
    """A request the adapter answers with an error reply."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind
        self.message = message


class State:
    """A position: the board in Fairy-Stockfish's letters (a grid), the side
    to move (None while the first-move coin is pending), the castling
    letters and the en passant square in the project's convention (set after
    every double step, whether or not a capture onto it is possible).

    `root` and `uci` are how Fairy-Stockfish reaches it: a FEN it read and the
    moves it plays from there itself (`None` for a state that is not a
    position of Fairy-Stockfish's, the coin)."""

    def __init__(self, game, grid, castling, ep, side, root=None, uci=()):
        self.game = game
        self.grid = grid  # rank index 0 = rank 7 (north), file index 0 = file A
        self.castling = castling
        self.ep = ep
        self.side = side  # "w", "b" or None (coin pending)
        self.root = root
        self.uci = uci
        self.moves = None  # the legal list, once asked for
        self.text = None  # the export, once written

    def board_fen(self):
        ranks = []
        for row in self.grid:
            rank = ""
            empty = 0
            for c in row:
                if c is None:
                    empty += 1
                else:
                    if empty:
                        rank += str(empty)
                        empty = 0
                    rank += c
            if empty:
                rank += str(empty)
            ranks.append(rank)
        return "/".join(ranks)

    def fen(self):
        ep = self.ep.lower() if self.ep else "-"
        return f"{self.board_fen()} {self.side} {self.castling or '-'} {ep} 0 1"

    def at(self, square):
        return self.grid[SIZE - int(square[1:])][FILES.index(square[0])]

    def anchored(self):
        """This state as a FEN Fairy-Stockfish starts from (no moves)."""
        return State(self.game, self.grid, self.castling, self.ep, self.side, self.fen(), ())


def grid_of(board_fen):
    """A FEN's board as rows of letters (None an empty square), north first."""
    rows = []
    for rank in board_fen.split("/"):
        row = []
        for c in rank:
            if c.isdigit():
                row.extend([None] * int(c))
            else:
                row.append(c)
        rows.append(row)
    return rows


def read_position(game, text):
    fields = text.split()
    if len(fields) < 2:
        raise Refused("bad-request", f"position `{text}`: expected `<board> <green|red|coin> ...`")
    board, turn = fields[0], fields[1]
    ranks = board.split("/")
    if len(ranks) != SIZE:
        raise Refused("bad-request", f"position `{text}`: expected {SIZE} ranks")
    out = []
    for rank in ranks:
        width = 0
        fen_rank = ""
        for c in rank:
            if c.isdigit():
                width += int(c)
                fen_rank += c
            elif c.upper() in TO_FSF:
                width += 1
                letter = TO_FSF[c.upper()]
                fen_rank += letter.upper() if c.isupper() else letter
            else:
                raise Refused("bad-request", f"position `{text}`: no piece `{c}`")
        if width != SIZE:
            raise Refused("bad-request", f"position `{text}`: a rank of {width} squares")
        out.append(fen_rank)
    side = {"red": "w", "green": "b", "coin": None}.get(turn)
    if turn not in ("red", "green", "coin"):
        raise Refused("bad-request", f"position `{text}`: turn `{turn}`")
    castling = ""
    ep = None
    for field in fields[2:]:
        if field.startswith("towering:"):
            corners = field[len("towering:"):].split(",")
            for corner, letter in CORNERS:
                if corner in corners:
                    castling += letter
        elif field.startswith("ep:"):
            if game != "diamond-chess":
                raise Refused("bad-request", f"position `{text}`: no en passant in {game}")
            ep = field[3:]
        else:
            raise Refused("unsupported", f"position `{text}`: `{field}` (a stored result)")
    castling = "".join(sorted(castling, key="KQkq".index))
    state = State(game, grid_of("/".join(out)), castling, ep, side)
    return state if side is None else state.anchored()


def start(game, options):
    state = read_position(game, "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT coin towering:A1,G1,A7,G7")
    if game == "diamond-quest":
        qi = options.get("qi-first-mover", "coin")
        if qi in ("green", "red"):
            # The other side moves first (ruling diamond-quest.first-mover).
            state = State(game, state.grid, state.castling, None, "w" if qi == "green" else "b")
            state = state.anchored()
    return state


def check_options(game, options):
    known = {"dead-position": ("draw", "play-on")}
    if game == "diamond-quest":
        known["qi-first-mover"] = ("coin", "green", "red")
    for key, value in options.items():
        if key not in known or value not in known[key]:
            raise Refused("unsupported", f"option {key}={value} in {game}")


class Engine:
    """Every call of pyffish costs about 1.5 ms whatever it asks (it sets up
    the variant's move tables again), far more than the moves it plays or
    lists; so a state costs one call, for its legal moves, made by
    Fairy-Stockfish from a FEN it read and the moves it played itself. The
    board after a move is the adapter's own (`apply`), and every
    `fen_every`-th move of such a line it is Fairy-Stockfish's: asked for,
    checked against the adapter's and taken as the answer (`anchor`)."""

    def __init__(self, bug=None, fen_every=16):
        self.bug = bug
        self.fen_every = fen_every
        self.cache = {}
        # Positions reached, by (game, export), and the moves made from them:
        # a request that replays a stretch already played costs no call of
        # pyffish.
        self.seen = {}
        self.moves_made = {}

    def legal(self, state):
        """The legal actions: (project text, UCI move or coin side)."""
        if state.side is None:
            return [("green-first", "b"), ("red-first", "w")]
        if state.moves is None:
            moves = list(sf.legal_moves(state.game, state.root, list(state.uci)))
            if self.bug == "towering-ignores-attacks":
                moves += [m for m in self.bugged_towering(state) if m not in moves]
            state.moves = [(self.move_text(state.grid, m), m) for m in moves]
        return state.moves

    def bugged_towering(self, state):
        home = "1" if state.side == "w" else "7"
        king = "K" if state.side == "w" else "k"
        rook = "R" if state.side == "w" else "r"
        if state.at("d" + home) != king:
            return []
        out = []
        rights = state.castling if state.side == "w" else state.castling.upper()
        for letter, corner, between, to in (("Q", "a", "bc", "b"), ("K", "g", "ef", "f")):
            if letter in rights and state.at(corner + home) == rook and all(
                state.at(f + home) is None for f in between
            ):
                out.append("d" + home + to + home)
        return out

    @staticmethod
    def move_text(grid, uci):
        frm, to = uci[0:2], uci[2:4]
        promo = uci[4:]
        piece = grid[SIZE - int(frm[1])][FILES.index(frm[0])]
        target = grid[SIZE - int(to[1])][FILES.index(to[0])]
        capture = target is not None or (piece in "Pp" and frm[0] != to[0])
        text = frm.upper() + ("x" if capture else "-") + to.upper()
        if promo:
            text += "=" + PROMO_FROM_FSF[promo]
        return text

    def play(self, state, action):
        key = (state.game, export(state), action)
        known = self.moves_made.get(key)
        if known is not None:
            return known
        after = self.play_once(state, action)
        if len(self.moves_made) > 200_000:
            self.moves_made.clear()
            self.seen.clear()
        self.moves_made[key] = after
        self.seen[(after.game, export(after))] = after
        return after

    def play_once(self, state, action):
        for text, move in self.legal(state):
            if text == action:
                break
        else:
            raise Refused("illegal-action", f"`{action}` is not a legal action in `{export(state)}`")
        if state.side is None:
            return State(state.game, state.grid, state.castling, state.ep, move).anchored()
        after = self.apply(state, move)
        if len(after.uci) >= self.fen_every:
            after = self.anchor(after)
        return after

    @staticmethod
    def apply(state, move):
        """The state after `move` (UCI, legal there), played on the adapter's
        board: a capture, en passant, Towering (the Tower from the corner on
        the Princess's side lands on the square she crossed), promotion, the
        castling rights lost by a move from or to the Princess's square or a
        corner, and the project's en passant square after a double step."""
        frm, to, promo = move[0:2], move[2:4], move[4:]
        fr, ff = SIZE - int(frm[1:2]), FILES.index(frm[0])
        tr, tf = SIZE - int(to[1:2]), FILES.index(to[0])
        grid = [row[:] for row in state.grid]
        piece = grid[fr][ff]
        grid[fr][ff] = None
        if piece in "Pp" and ff != tf and grid[tr][tf] is None:
            grid[fr][tf] = None
        if piece in "Kk" and abs(tf - ff) == 2:
            corner = 0 if tf < ff else SIZE - 1
            grid[fr][(ff + tf) // 2] = grid[fr][corner]
            grid[fr][corner] = None
        if promo:
            piece = promo.upper() if piece.isupper() else promo
        grid[tr][tf] = piece
        lost = "".join(RIGHTS_AT.get(square, "") for square in (frm, to))
        if piece in "Kk":
            lost += "KQ" if piece == "K" else "kq"
        castling = "".join(c for c in state.castling if c not in lost)
        ep = None
        if piece in "Pp" and abs(fr - tr) == 2:
            ep = frm[0].upper() + str((int(frm[1]) + int(to[1])) // 2)
        side = "b" if state.side == "w" else "w"
        return State(state.game, grid, castling, ep, side, state.root, state.uci + (move,))

    @staticmethod
    def anchor(state):
        """`state` as Fairy-Stockfish's own position after its line: its FEN
        asked for and taken (its board, side and castling rights; the en
        passant square stays the project's), and a new line started there. A
        board the adapter got wrong is said on standard error."""
        fen = sf.get_fen(state.game, state.root, list(state.uci))
        board, side, castling = fen.split()[0:3]
        castling = "" if castling == "-" else castling
        if (board, side, castling) != (state.board_fen(), state.side, state.castling):
            sys.stderr.write(
                f"adapter: after {state.root} moves {' '.join(state.uci)}: "
                f"Fairy-Stockfish has {fen}, the adapter {state.fen()}\n"
            )
            state = State(state.game, grid_of(board), castling, state.ep, side)
        return state.anchored()

    def reach(self, request):
        game = request.get("game")
        if game not in GAMES:
            raise Refused("unsupported", f"game `{game}`: this adapter plays {', '.join(GAMES)}")
        options = request.get("options") or {}
        check_options(game, options)
        position = request.get("position")
        actions = request.get("actions") or []
        key = (game, json.dumps(options, sort_keys=True), position)
        # The previous request's state, when this one plays on from it.
        cached = self.cache.get(key)
        if cached and cached[0] == actions[: len(cached[0])]:
            done, state = cached
        else:
            done = []
            if position is None:
                state = start(game, options)
            else:
                state = self.seen.get((game, position)) or read_position(game, position)
        for action in actions[len(done):]:
            state = self.play(state, action)
        self.cache = {key: (list(actions), state)}
        return state

    def answer_state(self, request):
        state = self.reach(request)
        legal = self.legal(state)
        reply = {"position": export(state)}
        if state.side is None:
            reply.update(turn="chance", legal=[t for t, _ in legal], probabilities=["1/2", "1/2"])
        elif legal:
            reply.update(turn="red" if state.side == "w" else "green", legal=[t for t, _ in legal])
        else:
            result = sf.game_result(state.game, state.root, list(state.uci))
            mover = "red" if state.side == "w" else "green"
            other = "green" if mover == "red" else "red"
            if result < 0:
                outcome = {"winner": other, "rule": "checkmate"}
            elif result > 0:
                outcome = {"winner": mover, "rule": "checkmate"}
            else:
                outcome = {"winner": None, "rule": "stalemate"}
            reply.update(turn="over", legal=[], outcome=outcome)
        return reply

    def perft(self, state, depth):
        if depth == 0:
            return 1
        if state.side is None:
            return sum(
                self.perft(State(state.game, state.grid, state.castling, state.ep, s).anchored(), depth - 1)
                for s in ("b", "w")
            )
        return self.perft_moves(state.game, state.root, list(state.uci), depth)

    def perft_moves(self, game, fen, moves, depth):
        """Fairy-Stockfish's own count from `fen` after `moves`: one call a
        node above the leaves (each call costs far more than the moves it
        replays)."""
        legal = sf.legal_moves(game, fen, moves)
        if depth == 1:
            return len(legal)
        return sum(self.perft_moves(game, fen, moves + [m], depth - 1) for m in legal)

    def answer(self, request):
        kind = request.get("type")
        if kind == "hello":
            return {
                "type": "hello",
                "protocol": PROTOCOL,
                "engine": f"Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))})"
                + (f" with the injected bug {self.bug}" if self.bug else ""),
                "games": list(GAMES),
                "differences": DIFFERENCES,
            }
        if kind == "state":
            reply = self.answer_state(request)
            reply["type"] = "state"
            return reply
        if kind == "perft":
            depth = request.get("depth")
            if not isinstance(depth, int) or depth < 0:
                raise Refused("bad-request", "perft: expected a depth, a whole number")
            if request.get("count", "actions") != "actions":
                raise Refused("unsupported", "perft: this adapter counts by action only")
            return {"type": "perft", "nodes": self.perft(self.reach(request), depth)}
        raise Refused("bad-request", f"unknown request type `{kind}`")


def export(state):
    if state.text is not None:
        return state.text
    rows = []
    for rank in state.board_fen().split("/"):
        row = ""
        for c in rank:
            if c.isdigit():
                row += c
            else:
                letter = FROM_FSF[c.lower()]
                row += letter if c.isupper() else letter.lower()
        rows.append(row)
    turn = {"w": "red", "b": "green", None: "coin"}[state.side]
    text = "/".join(rows) + " " + turn
    corners = [corner for corner, letter in CORNERS if letter in state.castling]
    if corners:
        text += " towering:" + ",".join(corners)
    if state.ep:
        text += " ep:" + state.ep
    state.text = text
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bug", choices=["towering-ignores-attacks"])
    parser.add_argument(
        "--fen-every",
        type=int,
        default=16,
        metavar="N",
        help="take Fairy-Stockfish's own position every N moves of a line "
        "(1: after every move, at twice the cost)",
    )
    args = parser.parse_args()
    if args.fen_every < 1:
        parser.error("--fen-every: expected a whole number of at least 1")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "variants.ini"), encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    engine = Engine(args.bug, args.fen_every)
    for line in sys.stdin:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise Refused("bad-request", "expected a JSON object")
            request_id = request.get("id")
            if request.get("type") == "quit":
                return
            reply = engine.answer(request)
        except Refused as e:
            reply = {"type": "error", "kind": e.kind, "message": e.message}
        except json.JSONDecodeError as e:
            reply = {"type": "error", "kind": "bad-request", "message": f"not JSON: {e}"}
        if request_id is not None:
            reply["id"] = request_id
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
