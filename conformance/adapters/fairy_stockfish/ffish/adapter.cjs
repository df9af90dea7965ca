#!/usr/bin/env node
// Fairy-Stockfish speaking tigerseye's engine protocol (docs/conform.md),
// through ffish.js (Fairy-Stockfish compiled to WebAssembly).
//
// The same adapter as ../adapter.py (pyffish), with the same variants
// (../variants.ini), declared differences, error replies, positions and
// notation; it differs in its cost only. pyffish sets up the variant's move
// tables again at every call; here one `Board` a game is made once and kept:
// a state's legal moves cost a `push` of the move that reached it and a
// `legalMoves`, so a random game's state costs tens of microseconds.
//
//     cd conformance/adapters/fairy_stockfish/ffish && npm ci
//     tigerseye conform --game diamond-quest \
//         --engine "node conformance/adapters/fairy_stockfish/ffish/adapter.cjs"
//
// `--bug towering-ignores-attacks` injects a rule bug for the harness's own
// tests: Towering is offered whenever the squares between the Princess and
// her Tower are empty, whether or not she is in check or passes or lands on
// an attacked square. `--fen-every N` takes Fairy-Stockfish's own position
// every N moves of a line (as adapter.py does; default 16).

"use strict";

const fs = require("fs");
const path = require("path");
const { StringDecoder } = require("string_decoder");
const { parseArgs } = require("util");

const PROTOCOL = 1;
const GAMES = ["diamond-quest", "diamond-chess"];

// The project's letters (docs/games/northern-light.md) and Fairy-Stockfish's.
const TO_FSF = { S: "k", T: "r", K: "n", N: "b", A: "a", P: "p" };
const FROM_FSF = Object.fromEntries(Object.entries(TO_FSF).map(([k, v]) => [v, k]));
// Promotion letters: the project's `=A`, `=N`, `=K`; UCI's suffixes.
const PROMO_TO_FSF = { A: "a", N: "b", K: "n" };
const PROMO_FROM_FSF = Object.fromEntries(Object.entries(PROMO_TO_FSF).map(([k, v]) => [v, k]));
// Towering rights: the project's corners, Fairy-Stockfish's castling letters.
const CORNERS = [
  ["A1", "Q"],
  ["G1", "K"],
  ["A7", "q"],
  ["G7", "k"],
];
// The castling right a move from or to a square loses (UCI squares).
const RIGHTS_AT = { a1: "Q", g1: "K", a7: "q", g7: "k" };
const FILES = "abcdefg";
const SIZE = 7;

// The game-ending rules tigerseye applies and Fairy-Stockfish does not: its
// legal moves and perft go on where tigerseye's game is over.
const DIFFERENCES = [
  ...GAMES.map((game) => ({
    game,
    rule: "threefold-repetition",
    ruling: `${game}.repetition`,
    note:
      "Fairy-Stockfish's move generation and perft ignore repetition " +
      "(a repetition is a draw it may claim, not the end of the game); " +
      "tigerseye ends the game at the third occurrence",
  })),
  ...GAMES.map((game) => ({
    game,
    rule: "dead-position",
    ruling: `${game}.dead-position`,
    note:
      "Fairy-Stockfish plays on when neither side can checkmate " +
      "(the option dead-position=play-on is its reading); " +
      "tigerseye draws at once under the default reading",
  })),
];

/** A request the adapter answers with an error reply. */
class Refused extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** A value as Python's `str` writes it (the messages are adapter.py's). */
function pyStr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * A position: the board in Fairy-Stockfish's letters (49 squares, index
 * rank-from-north * 7 + file, `null` an empty square), the side to move
 * (`null` while the first-move coin is pending), the castling letters and the
 * en passant square in the project's convention (set after every double
 * step, whether or not a capture onto it is possible).
 *
 * `root` and `uci` are how Fairy-Stockfish reaches it: a FEN it read and the
 * moves it plays from there itself (`root` null for a state that is not a
 * position of Fairy-Stockfish's, the coin).
 */
class State {
  constructor(game, grid, castling, ep, side, root = null, uci = []) {
    this.game = game;
    this.grid = grid;
    this.castling = castling;
    this.ep = ep;
    this.side = side; // "w", "b" or null (coin pending)
    this.root = root;
    this.uci = uci;
    this.moves = null; // the legal list, once asked for
    this.text = null; // the export, once written
  }

  boardFen() {
    const ranks = [];
    for (let r = 0; r < SIZE; r++) {
      let rank = "";
      let empty = 0;
      for (let f = 0; f < SIZE; f++) {
        const c = this.grid[r * SIZE + f];
        if (c === null) {
          empty += 1;
        } else {
          if (empty) {
            rank += String(empty);
            empty = 0;
          }
          rank += c;
        }
      }
      if (empty) rank += String(empty);
      ranks.push(rank);
    }
    return ranks.join("/");
  }

  fen() {
    const ep = this.ep ? this.ep.toLowerCase() : "-";
    return `${this.boardFen()} ${this.side} ${this.castling || "-"} ${ep} 0 1`;
  }

  at(square) {
    return this.grid[(SIZE - Number(square.slice(1))) * SIZE + FILES.indexOf(square[0])];
  }

  /** This state as a FEN Fairy-Stockfish starts from (no moves). */
  anchored() {
    const s = new State(this.game, this.grid, this.castling, this.ep, this.side);
    s.root = s.fen();
    return s;
  }
}

function isDigit(c) {
  return c >= "0" && c <= "9";
}

/** A FEN's board as 49 squares (null an empty square), north first. */
function gridOf(boardFen) {
  const grid = [];
  for (const c of boardFen) {
    if (c === "/") continue;
    if (isDigit(c)) {
      for (let i = 0; i < Number(c); i++) grid.push(null);
    } else {
      grid.push(c);
    }
  }
  return grid;
}

function readPosition(game, text) {
  if (typeof text !== "string") {
    throw new Refused("bad-request", `position \`${pyStr(text)}\`: expected a string`);
  }
  const fields = text.split(/\s+/).filter((f) => f !== "");
  if (fields.length < 2) {
    throw new Refused("bad-request", `position \`${text}\`: expected \`<board> <green|red|coin> ...\``);
  }
  const [board, turn] = fields;
  const ranks = board.split("/");
  if (ranks.length !== SIZE) {
    throw new Refused("bad-request", `position \`${text}\`: expected ${SIZE} ranks`);
  }
  const out = [];
  for (const rank of ranks) {
    let width = 0;
    let fenRank = "";
    for (const c of rank) {
      if (isDigit(c)) {
        width += Number(c);
        fenRank += c;
      } else if (Object.prototype.hasOwnProperty.call(TO_FSF, c.toUpperCase())) {
        width += 1;
        const letter = TO_FSF[c.toUpperCase()];
        fenRank += c === c.toUpperCase() ? letter.toUpperCase() : letter;
      } else {
        throw new Refused("bad-request", `position \`${text}\`: no piece \`${c}\``);
      }
    }
    if (width !== SIZE) {
      throw new Refused("bad-request", `position \`${text}\`: a rank of ${width} squares`);
    }
    out.push(fenRank);
  }
  if (turn !== "red" && turn !== "green" && turn !== "coin") {
    throw new Refused("bad-request", `position \`${text}\`: turn \`${turn}\``);
  }
  const side = { red: "w", green: "b", coin: null }[turn];
  let castling = "";
  let ep = null;
  for (const field of fields.slice(2)) {
    if (field.startsWith("towering:")) {
      const corners = field.slice("towering:".length).split(",");
      for (const [corner, letter] of CORNERS) {
        if (corners.includes(corner)) castling += letter;
      }
    } else if (field.startsWith("ep:")) {
      if (game !== "diamond-chess") {
        throw new Refused("bad-request", `position \`${text}\`: no en passant in ${game}`);
      }
      ep = field.slice(3);
    } else {
      throw new Refused("unsupported", `position \`${text}\`: \`${field}\` (a stored result)`);
    }
  }
  castling = [...castling].sort((a, b) => "KQkq".indexOf(a) - "KQkq".indexOf(b)).join("");
  const state = new State(game, gridOf(out.join("/")), castling, ep, side);
  return side === null ? state : state.anchored();
}

function start(game, options) {
  let state = readPosition(game, "tknsknt/ppppppp/7/7/7/PPPPPPP/TKNSKNT coin towering:A1,G1,A7,G7");
  if (game === "diamond-quest") {
    const qi = options["qi-first-mover"] ?? "coin";
    if (qi === "green" || qi === "red") {
      // The other side moves first (ruling diamond-quest.first-mover).
      state = new State(game, state.grid, state.castling, null, qi === "green" ? "w" : "b");
      state = state.anchored();
    }
  }
  return state;
}

function checkOptions(game, options) {
  const known = { "dead-position": ["draw", "play-on"] };
  if (game === "diamond-quest") known["qi-first-mover"] = ["coin", "green", "red"];
  for (const [key, value] of Object.entries(options)) {
    if (!Object.prototype.hasOwnProperty.call(known, key) || !known[key].includes(value)) {
      throw new Refused("unsupported", `option ${key}=${pyStr(value)} in ${game}`);
    }
  }
}

/** A JSON text of `value` with its objects' keys sorted (a cache key). */
function sortedJson(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function exportState(state) {
  if (state.text !== null) return state.text;
  let text = "";
  for (let r = 0; r < SIZE; r++) {
    if (r) text += "/";
    let empty = 0;
    for (let f = 0; f < SIZE; f++) {
      const c = state.grid[r * SIZE + f];
      if (c === null) {
        empty += 1;
        continue;
      }
      if (empty) {
        text += String(empty);
        empty = 0;
      }
      const letter = FROM_FSF[c.toLowerCase()];
      text += c === c.toUpperCase() ? letter : letter.toLowerCase();
    }
    if (empty) text += String(empty);
  }
  text += state.side === "w" ? " red" : state.side === "b" ? " green" : " coin";
  const corners = CORNERS.filter(([, letter]) => state.castling.includes(letter)).map(([c]) => c);
  if (corners.length) text += " towering:" + corners.join(",");
  if (state.ep) text += " ep:" + state.ep;
  state.text = text;
  return text;
}

/**
 * Fairy-Stockfish's boards, one a game, made once (making one builds the
 * variant's move tables, several milliseconds) and moved from state to state:
 * a state whose line extends the board's is reached by pushing the moves
 * that follow, one on a line the board went further on by popping, any other
 * by reading its FEN again.
 */
class Boards {
  constructor(ffish) {
    this.ffish = ffish;
    this.boards = new Map();
  }

  /** The board of `state`'s game, set to `state` (a position of Fairy-Stockfish's). */
  at(state) {
    let b = this.boards.get(state.game);
    if (b === undefined) {
      b = { board: new this.ffish.Board(state.game, state.root), root: state.root, uci: [] };
      this.boards.set(state.game, b);
    }
    const want = state.uci;
    let common = 0;
    if (b.root === state.root) {
      const n = Math.min(b.uci.length, want.length);
      while (common < n && b.uci[common] === want[common]) common += 1;
    } else {
      b.board.setFen(state.root);
      b.root = state.root;
      b.uci = [];
    }
    if (b.uci.length - common > common) {
      // Popping back further than playing again from the root.
      b.board.setFen(state.root);
      b.uci = [];
      common = 0;
    }
    while (b.uci.length > common) {
      b.board.pop();
      b.uci.pop();
    }
    for (let i = common; i < want.length; i++) {
      if (!b.board.push(want[i])) {
        throw new Error(`Fairy-Stockfish refuses ${want[i]} after ${state.root} moves ${want.slice(0, i).join(" ")}`);
      }
      b.uci.push(want[i]);
    }
    return b.board;
  }

  /** The legal moves of `board`'s position, UCI. */
  static movesOf(board) {
    const text = board.legalMoves();
    return text === "" ? [] : text.split(" ");
  }
}

/**
 * The engine: states reached from the requests, their legal moves asked of
 * Fairy-Stockfish's board, the board after a move the adapter's own (`apply`)
 * and every `fenEvery`-th move of a line Fairy-Stockfish's: asked for,
 * checked against the adapter's and taken as the answer (`anchor`). The same
 * states, lines and caches as adapter.py, so that both ask Fairy-Stockfish
 * the same questions.
 */
class Engine {
  constructor(ffish, bug, fenEvery) {
    this.ffish = ffish;
    this.boards = new Boards(ffish);
    this.bug = bug;
    this.fenEvery = fenEvery;
    this.cache = null; // [key, actions, state]: the previous request's
    // Positions reached, by game and export, and the moves made from them: a
    // request that replays a stretch already played replays nothing.
    this.seen = new Map();
    this.movesMade = new Map();
  }

  /** The legal actions: [project text, UCI move or coin side]. */
  legal(state) {
    if (state.side === null) {
      return [
        ["green-first", "b"],
        ["red-first", "w"],
      ];
    }
    if (state.moves === null) {
      const moves = Boards.movesOf(this.boards.at(state));
      if (this.bug === "towering-ignores-attacks") {
        for (const m of this.buggedTowering(state)) if (!moves.includes(m)) moves.push(m);
      }
      state.moves = moves.map((m) => [Engine.moveText(state.grid, m), m]);
    }
    return state.moves;
  }

  buggedTowering(state) {
    const home = state.side === "w" ? "1" : "7";
    const king = state.side === "w" ? "K" : "k";
    const rook = state.side === "w" ? "R" : "r";
    if (state.at("d" + home) !== king) return [];
    const out = [];
    const rights = state.side === "w" ? state.castling : state.castling.toUpperCase();
    for (const [letter, corner, between, to] of [
      ["Q", "a", "bc", "b"],
      ["K", "g", "ef", "f"],
    ]) {
      if (
        rights.includes(letter) &&
        state.at(corner + home) === rook &&
        [...between].every((f) => state.at(f + home) === null)
      ) {
        out.push("d" + home + to + home);
      }
    }
    return out;
  }

  static moveText(grid, uci) {
    const frm = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const promo = uci.slice(4);
    const piece = grid[(SIZE - Number(frm[1])) * SIZE + FILES.indexOf(frm[0])];
    const target = grid[(SIZE - Number(to[1])) * SIZE + FILES.indexOf(to[0])];
    const capture = target !== null || ((piece === "P" || piece === "p") && frm[0] !== to[0]);
    let text = frm.toUpperCase() + (capture ? "x" : "-") + to.toUpperCase();
    if (promo) text += "=" + PROMO_FROM_FSF[promo];
    return text;
  }

  play(state, action) {
    const key = `${state.game}\n${exportState(state)}\n${action}`;
    const known = this.movesMade.get(key);
    if (known !== undefined) return known;
    const after = this.playOnce(state, action);
    if (this.movesMade.size > 200000) {
      this.movesMade.clear();
      this.seen.clear();
    }
    this.movesMade.set(key, after);
    this.seen.set(`${after.game}\n${exportState(after)}`, after);
    return after;
  }

  playOnce(state, action) {
    const found = this.legal(state).find(([text]) => text === action);
    if (found === undefined) {
      throw new Refused("illegal-action", `\`${pyStr(action)}\` is not a legal action in \`${exportState(state)}\``);
    }
    const move = found[1];
    if (state.side === null) {
      return new State(state.game, state.grid, state.castling, state.ep, move).anchored();
    }
    let after = Engine.apply(state, move);
    if (after.uci.length >= this.fenEvery) after = this.anchor(after);
    return after;
  }

  /**
   * The state after `move` (UCI, legal there), played on the adapter's
   * board: a capture, en passant, Towering (the Tower from the corner on the
   * Princess's side lands on the square she crossed), promotion, the castling
   * rights lost by a move from or to the Princess's square or a corner, and
   * the project's en passant square after a double step.
   */
  static apply(state, move) {
    const frm = move.slice(0, 2);
    const to = move.slice(2, 4);
    const promo = move.slice(4);
    const fr = SIZE - Number(frm[1]);
    const ff = FILES.indexOf(frm[0]);
    const tr = SIZE - Number(to[1]);
    const tf = FILES.indexOf(to[0]);
    const grid = state.grid.slice();
    let piece = grid[fr * SIZE + ff];
    grid[fr * SIZE + ff] = null;
    const pawn = piece === "P" || piece === "p";
    const king = piece === "K" || piece === "k";
    if (pawn && ff !== tf && grid[tr * SIZE + tf] === null) grid[fr * SIZE + tf] = null;
    if (king && Math.abs(tf - ff) === 2) {
      const corner = tf < ff ? 0 : SIZE - 1;
      grid[fr * SIZE + ((ff + tf) >> 1)] = grid[fr * SIZE + corner];
      grid[fr * SIZE + corner] = null;
    }
    if (promo) piece = piece === piece.toUpperCase() ? promo.toUpperCase() : promo;
    grid[tr * SIZE + tf] = piece;
    let lost = (RIGHTS_AT[frm] ?? "") + (RIGHTS_AT[to] ?? "");
    if (piece === "K") lost += "KQ";
    if (piece === "k") lost += "kq";
    const castling = [...state.castling].filter((c) => !lost.includes(c)).join("");
    let ep = null;
    if (pawn && Math.abs(fr - tr) === 2) {
      ep = frm[0].toUpperCase() + String((Number(frm[1]) + Number(to[1])) >> 1);
    }
    const side = state.side === "w" ? "b" : "w";
    return new State(state.game, grid, castling, ep, side, state.root, [...state.uci, move]);
  }

  /**
   * `state` as Fairy-Stockfish's own position after its line: its FEN asked
   * for and taken (its board, side and castling rights; the en passant square
   * stays the project's), and a new line started there. A board the adapter
   * got wrong is said on standard error.
   */
  anchor(state) {
    const fen = this.boards.at(state).fen();
    let [board, side, castling] = fen.split(" ");
    castling = castling === "-" ? "" : castling;
    if (board !== state.boardFen() || side !== state.side || castling !== state.castling) {
      process.stderr.write(
        `adapter: after ${state.root} moves ${state.uci.join(" ")}: ` +
          `Fairy-Stockfish has ${fen}, the adapter ${state.fen()}\n`,
      );
      state = new State(state.game, gridOf(board), castling, state.ep, side);
    }
    return state.anchored();
  }

  reach(request) {
    const game = request.game;
    if (!GAMES.includes(game)) {
      throw new Refused("unsupported", `game \`${pyStr(game)}\`: this adapter plays ${GAMES.join(", ")}`);
    }
    const options = request.options || {};
    if (typeof options !== "object" || Array.isArray(options)) {
      throw new Refused("bad-request", "options: expected an object");
    }
    checkOptions(game, options);
    const position = request.position ?? null;
    const actions = request.actions || [];
    if (!Array.isArray(actions)) throw new Refused("bad-request", "actions: expected a list");
    const key = `${game}\n${sortedJson(options)}\n${position === null ? "" : "p" + position}`;
    // The previous request's state, when this one plays on from it.
    let done = [];
    let state;
    const cached = this.cache;
    if (
      cached !== null &&
      cached[0] === key &&
      cached[1].length <= actions.length &&
      cached[1].every((a, i) => a === actions[i])
    ) {
      done = cached[1];
      state = cached[2];
    } else if (position === null) {
      state = start(game, options);
    } else {
      state = this.seen.get(`${game}\n${position}`) || readPosition(game, position);
    }
    for (let i = done.length; i < actions.length; i++) state = this.play(state, actions[i]);
    this.cache = [key, actions.slice(), state];
    return state;
  }

  answerState(request) {
    const state = this.reach(request);
    const legal = this.legal(state);
    const reply = { position: exportState(state) };
    if (state.side === null) {
      reply.turn = "chance";
      reply.legal = legal.map(([t]) => t);
      reply.probabilities = ["1/2", "1/2"];
    } else if (legal.length) {
      reply.turn = state.side === "w" ? "red" : "green";
      reply.legal = legal.map(([t]) => t);
    } else {
      const board = this.boards.at(state);
      const result = board.result();
      const mover = state.side === "w" ? "red" : "green";
      const other = mover === "red" ? "green" : "red";
      const white = board.isCheck() ? (state.side === "w" ? "0-1" : "1-0") : "1/2-1/2";
      const decided = result === "*" ? white : result;
      let outcome;
      if (decided === "1/2-1/2") outcome = { winner: null, rule: "stalemate" };
      else outcome = { winner: (decided === "1-0") === (mover === "red") ? mover : other, rule: "checkmate" };
      reply.turn = "over";
      reply.legal = [];
      reply.outcome = outcome;
    }
    return reply;
  }

  perft(state, depth) {
    if (depth === 0) return 1;
    if (state.side === null) {
      let n = 0;
      for (const s of ["b", "w"]) {
        n += this.perft(new State(state.game, state.grid, state.castling, state.ep, s).anchored(), depth - 1);
      }
      return n;
    }
    return Engine.perftMoves(this.boards.at(state), depth);
  }

  /** Fairy-Stockfish's own count below its board's position (left as it was). */
  static perftMoves(board, depth) {
    if (depth === 1) return board.numberLegalMoves();
    let n = 0;
    for (const m of Boards.movesOf(board)) {
      board.push(m);
      n += Engine.perftMoves(board, depth - 1);
      board.pop();
    }
    return n;
  }

  answer(request, engineName) {
    const kind = request.type;
    if (kind === "hello") {
      return {
        type: "hello",
        protocol: PROTOCOL,
        engine: engineName + (this.bug ? ` with the injected bug ${this.bug}` : ""),
        games: GAMES,
        differences: DIFFERENCES,
      };
    }
    if (kind === "state") {
      const reply = this.answerState(request);
      reply.type = "state";
      return reply;
    }
    if (kind === "perft") {
      const depth = request.depth;
      if (!Number.isInteger(depth) || depth < 0) {
        throw new Refused("bad-request", "perft: expected a depth, a whole number");
      }
      if ((request.count ?? "actions") !== "actions") {
        throw new Refused("unsupported", "perft: this adapter counts by action only");
      }
      return { type: "perft", nodes: this.perft(this.reach(request), depth) };
    }
    throw new Refused("bad-request", `unknown request type \`${pyStr(kind)}\``);
  }
}

function usage(message) {
  process.stderr.write(
    "usage: adapter.cjs [--bug towering-ignores-attacks] [--fen-every N]\n" + `adapter.cjs: error: ${message}\n`,
  );
  process.exit(2);
}

function parseArguments() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { bug: { type: "string" }, "fen-every": { type: "string" } },
      strict: true,
    }));
  } catch (e) {
    usage(e.message);
  }
  if (values.bug !== undefined && values.bug !== "towering-ignores-attacks") {
    usage(`argument --bug: invalid choice: '${values.bug}' (choose from 'towering-ignores-attacks')`);
  }
  const fenEvery = values["fen-every"] === undefined ? 16 : Number(values["fen-every"]);
  if (!Number.isInteger(fenEvery) || fenEvery < 1) {
    usage("--fen-every: expected a whole number of at least 1");
  }
  return { bug: values.bug ?? null, fenEvery };
}

function serve(ffish, args) {
  ffish.loadVariantConfig(fs.readFileSync(path.join(__dirname, "..", "variants.ini"), "utf8"));
  const version = require("ffish/package.json").version;
  const info = ffish.info().replace(/ by .*$/, "");
  const engineName = `Fairy-Stockfish (ffish.js ${version}, ${info})`;
  const engine = new Engine(ffish, args.bug, args.fenEvery);

  // Returns false at `quit`.
  function handle(line) {
    if (line.trim() === "") return true;
    let requestId = null;
    let reply;
    try {
      let request;
      try {
        request = JSON.parse(line);
      } catch (e) {
        throw new Refused("bad-request", `not JSON: ${e.message}`);
      }
      if (request === null || typeof request !== "object" || Array.isArray(request)) {
        throw new Refused("bad-request", "expected a JSON object");
      }
      requestId = request.id ?? null;
      if (request.type === "quit") return false;
      reply = engine.answer(request, engineName);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      reply = { type: "error", kind: e.kind, message: e.message };
    }
    if (requestId !== null) reply.id = requestId;
    writeAll(1, JSON.stringify(reply) + "\n");
    return true;
  }

  // One request at a time and its reply before the next: stdin is read with
  // blocking reads and stdout written the same way, which costs a fraction of
  // Node's streams and event loop for a line.
  const buffer = Buffer.alloc(1 << 16);
  const decoder = new StringDecoder("utf8");
  let pending = "";
  for (;;) {
    const n = readSome(0, buffer);
    if (n === 0) {
      pending += decoder.end();
      if (pending !== "") handle(pending);
      return;
    }
    pending += decoder.write(buffer.subarray(0, n));
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (!handle(line)) return;
    }
  }
}

/** Waits `ms` milliseconds (a descriptor that is not ready yet). */
function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Reads what `fd` has, waiting for it; 0 at its end. */
function readSome(fd, buffer) {
  for (;;) {
    try {
      return fs.readSync(fd, buffer, 0, buffer.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") pause(1);
      else if (e.code === "EOF") return 0;
      else throw e;
    }
  }
}

/** Writes all of `text` to `fd`. */
function writeAll(fd, text) {
  const bytes = Buffer.from(text, "utf8");
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      if (e.code === "EAGAIN") pause(1);
      else throw e;
    }
  }
}

function main() {
  const args = parseArguments();
  // ffish 0.7.10's loader takes a defined `fetch` for a browser's and fails
  // under Node 18 and later; without it, it reads ffish.wasm from disk.
  globalThis.fetch = undefined;
  const ffish = require("ffish");
  ffish.onRuntimeInitialized = () => {
    serve(ffish, args);
    process.exit(0);
  };
}

main();
