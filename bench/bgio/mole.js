// Mole in the Crew on boardgame.io, for bench/compare.py: the same rules as engine/mole (base
// game, 5-10 players, no variants) and a playerView of the same shape as engine/mole/views.py,
// so that one bench player (bench/latency.py's SimplePlayer) drives both systems and every
// connection receives a view of about the same size. Not a second implementation of the game for
// players: it exists only to measure boardgame.io doing molecrew's work.
'use strict';

const { INVALID_MOVE, ActivePlayers } = require('boardgame.io/core');

// players -> [moles (Snitch included), Snitch, Double, Decoy, team sizes, sabotages per Mole]
const TABLE = {
  5: [2, false, false, false, [2, 2, 2, 3, 3], 2],
  6: [2, false, true, false, [2, 3, 3, 3, 4], 2],
  7: [3, true, true, false, [2, 2, 2, 3, 3], 1],
  8: [3, true, true, true, [3, 3, 3, 3, 4], 1],
  9: [3, true, true, true, [3, 4, 4, 4, 5], 1],
  10: [3, true, true, true, [4, 5, 5, 5, 6], 1],
};
const PATROL_AT = 3;
const TO_OPEN = 3;
const TO_BLOW = 3;
const MOLE_ROLES = new Set(['mole', 'snitch']);
const UNMARKED = -1;

const sideOf = (role) => (MOLE_ROLES.has(role) ? 'moles' : 'crew');
const range = (n) => Array.from({ length: n }, (_, i) => i);

function deal(players, random) {
  const [moles, snitch, double, decoy, sizes, sabotages] = TABLE[players];
  const moleRoles = snitch ? ['snitch', ...Array(moles - 1).fill('mole')] : Array(moles).fill('mole');
  const crewSide = ['contact', 'lookout', 'driver', ...(double ? ['double'] : [])];
  while (crewSide.length + moleRoles.length < players) crewSide.push('crew');
  const roles = random.Shuffle([...crewSide, ...moleRoles]);
  let decoySeat = null;
  if (decoy) {
    const innocents = range(players).filter((s) => !MOLE_ROLES.has(roles[s]) && roles[s] !== 'contact');
    decoySeat = innocents[random.Die(innocents.length) - 1];
  }
  const suspects = range(players).filter((s) => MOLE_ROLES.has(roles[s]));
  if (decoySeat !== null) suspects.push(decoySeat);
  const boss = random.Die(players) - 1;
  return {
    n: players,
    snitch,
    moles,
    approvalsNeeded: Math.floor(players / 2) + 1,
    roles,
    decoy: decoySeat,
    suspects: random.Shuffle(suspects),
    sabotagesLeft: roles.map((r) => (MOLE_ROLES.has(r) ? sabotages : 0)),
    phase: 'propose',
    locks: sizes.map((size) => ({ team_size: size, result: null, by: null, sabotages: null, cards: null, plays: null })),
    lock: 0,
    boss,
    rejections: 0,
    proposalCount: 0,
    proposals: [],
    team: null,
    votes: Array(players).fill(null),
    cards: Array(players).fill(null),
    files: [],
    marks: [],
    confirmed: [],
    result: null,
  };
}

function mayAct(G, seat) {
  switch (G.phase) {
    case 'propose': return seat === G.boss;
    case 'vote': return G.votes[seat] === null;
    case 'cards': return G.cards[seat] === null && (G.team || []).includes(seat);
    case 'getaway': return !G.confirmed[seat];
    default: return false;
  }
}

function afterLock(G, blown) {
  G.rejections = 0;
  const results = G.locks.map((l) => l.result);
  if (blown && results.filter((r) => r === 'blown').length >= TO_BLOW) {
    finish(G, 'moles', 'locks_blown', null, null);
    return false;
  }
  if (!blown && results.filter((r) => r === 'open').length >= TO_OPEN) {
    G.phase = 'getaway';
    G.marks = Array(G.n).fill(UNMARKED);
    G.confirmed = Array(G.n).fill(false);
    return false;
  }
  G.lock += 1;
  G.phase = 'propose';
  return true;
}

function finish(G, winner, reason, accused, prot) {
  G.phase = 'over';
  G.team = null;
  G.result = {
    winners: [winner],
    ending: reason,
    winning_seats: range(G.n).filter((s) => sideOf(G.roles[s]) === winner),
    winner,
    reason,
    accused,
    protected: prot,
  };
}

function moleTally(G) {
  const tally = new Map();
  G.roles.forEach((role, seat) => {
    if (MOLE_ROLES.has(role) && G.marks[seat] !== UNMARKED) {
      tally.set(G.marks[seat], (tally.get(G.marks[seat]) || 0) + 1);
    }
  });
  return tally;
}

// Each move checks what engine/mole/rules.py checks, then changes G (boardgame.io runs it in immer).
const moves = {
  propose({ G, playerID }, { team }) {
    const seat = +playerID;
    const size = G.locks[G.lock].team_size;
    if (G.phase !== 'propose' || seat !== G.boss || !Array.isArray(team) || team.length !== size) return INVALID_MOVE;
    if (new Set(team).size !== size || team.some((m) => !Number.isInteger(m) || m < 0 || m >= G.n)) return INVALID_MOVE;
    G.team = [...team].sort((a, b) => a - b);
    G.proposalCount += 1;
    G.phase = 'vote';
  },
  vote({ G, playerID }, { approve }) {
    const seat = +playerID;
    if (G.phase !== 'vote' || typeof approve !== 'boolean' || G.votes[seat] !== null) return INVALID_MOVE;
    G.votes[seat] = approve;
    if (G.votes.some((v) => v === null)) return;
    const approved = G.votes.filter((v) => v).length >= G.approvalsNeeded;
    G.proposals.push({ lock: G.lock, boss: G.boss, team: G.team, votes: [...G.votes], approved });
    G.votes = Array(G.n).fill(null);
    G.boss = (G.boss + 1) % G.n;
    if (approved) {
      G.phase = 'cards';
      return;
    }
    G.rejections += 1;
    G.team = null;
    if (G.rejections >= PATROL_AT) {
      Object.assign(G.locks[G.lock], { result: 'blown', by: 'patrol' });
      afterLock(G, true);
    } else {
      G.phase = 'propose';
    }
  },
  play({ G, playerID, random }, { card }) {
    const seat = +playerID;
    if (G.phase !== 'cards' || !mayAct(G, seat) || (card !== 'clean' && card !== 'sabotage')) return INVALID_MOVE;
    if (card === 'sabotage') {
      if (!MOLE_ROLES.has(G.roles[seat]) || G.sabotagesLeft[seat] <= 0) return INVALID_MOVE;
      G.sabotagesLeft[seat] -= 1;
    }
    G.cards[seat] = card;
    const team = G.team;
    if (team.some((s) => G.cards[s] === null)) return;
    const plays = {};
    team.forEach((s) => { plays[s] = G.cards[s]; });
    const sabotages = team.filter((s) => plays[s] === 'sabotage').length;
    const reveal = random.Shuffle([...Array(team.length - sabotages).fill('clean'), ...Array(sabotages).fill('sabotage')]);
    const index = G.lock;
    Object.assign(G.locks[index], {
      result: sabotages ? 'blown' : 'open', by: 'cards', sabotages, cards: reveal, team: [...team], plays,
    });
    G.cards = Array(G.n).fill(null);
    G.team = null;
    const goesOn = afterLock(G, sabotages > 0);
    if (sabotages && goesOn) {
      const lookout = G.roles.indexOf('lookout');
      const clean = team.filter((s) => plays[s] === 'clean' && s !== lookout);
      const draw = random.Die(Math.max(clean.length, 1)) - 1;
      G.files.push({ lock: index, alibi: clean.length ? clean[draw] : null, readableAfter: G.proposalCount });
    }
  },
  mark({ G, playerID }, { target }) {
    if (G.phase !== 'getaway' || !(target === null || (Number.isInteger(target) && target >= 0 && target < G.n))) return INVALID_MOVE;
    G.marks[+playerID] = target;
  },
  confirm({ G, playerID, random }) {
    const seat = +playerID;
    if (G.phase !== 'getaway' || G.confirmed[seat] || G.marks[seat] === UNMARKED) return INVALID_MOVE;
    G.confirmed[seat] = true;
    if (G.confirmed.some((c) => !c)) return;
    const prot = G.marks[G.roles.indexOf('driver')];
    const counts = [...moleTally(G)].filter(([t]) => t !== null);
    let accused = null;
    if (counts.length) {
      const top = Math.max(...counts.map(([, c]) => c));
      const tied = counts.filter(([, c]) => c === top).map(([t]) => t).sort((a, b) => a - b);
      accused = tied.length === 1 ? tied[0] : tied[random.Die(tied.length) - 1];
    }
    if (accused === null) finish(G, 'crew', 'escape', accused, prot);
    else if (accused === prot) finish(G, 'crew', 'void', accused, prot);
    else if (G.roles[accused] === 'contact') finish(G, 'moles', 'contact_found', accused, prot);
    else finish(G, 'crew', 'escape', accused, prot);
  },
  // molecrew's leader deals the next game in the same room; here the match goes on with a new
  // deal, so the sockets stay connected as they do in molecrew.
  rematch({ G, playerID, random }) {
    if (G.phase !== 'over' || playerID !== '0') return INVALID_MOVE;
    return deal(G.n, random);
  },
};

function publicView(G) {
  const phase = G.phase;
  return {
    game: 'mole',
    players: G.n,
    variants: [],
    seat: null,
    phase,
    locks: G.locks.map(({ team_size, result, by, sabotages, cards }) => ({ team_size, result, by, sabotages, cards })),
    lock: G.lock,
    to_open: TO_OPEN,
    to_blow: TO_BLOW,
    boss: G.boss,
    approvals_needed: G.approvalsNeeded,
    rejections: G.rejections,
    patrol_at: PATROL_AT,
    team: G.team,
    voted: phase === 'vote' ? range(G.n).filter((s) => G.votes[s] !== null) : [],
    played: phase === 'cards' ? range(G.n).filter((s) => G.cards[s] !== null) : [],
    proposals: G.proposals,
    getaway: phase === 'getaway' ? { confirmed: range(G.n).filter((s) => G.confirmed[s]) } : null,
    result: G.result === null ? null : {
      ...G.result,
      roles: G.roles,
      plays: G.locks.map((l, i) => ({ lock: i, by: l.by, cards: l.plays })).filter((p) => p.by === 'cards' && p.cards),
      marks: G.marks.map((m) => (m === UNMARKED ? null : m)),
      alibis: G.files.map((f) => ({ lock: f.lock, seat: f.alibi })),
    },
  };
}

function knows(G, seat) {
  const role = G.roles[seat];
  if (role === 'mole') {
    return { moles: range(G.n).filter((s) => G.roles[s] === 'mole' && s !== seat), hidden_moles: G.snitch ? 1 : 0 };
  }
  if (role === 'snitch') return { mole_count: G.moles };
  if (role === 'contact') return { suspects: G.suspects, decoy: G.decoy !== null };
  if (role === 'double') return { contact: G.roles.indexOf('contact') };
  return {};
}

function privateView(G, seat) {
  const role = G.roles[seat];
  const phase = G.phase;
  const inGetaway = G.marks.length > 0;
  const mark = inGetaway ? G.marks[seat] : UNMARKED;
  let tally = null;
  if (phase === 'getaway' && MOLE_ROLES.has(role)) {
    const counts = moleTally(G);
    tally = {};
    range(G.n).forEach((s) => { tally[String(s)] = counts.get(s) || 0; });
    tally.nobody = counts.get(null) || 0;
  }
  const onTeam = phase === 'cards' && (G.team || []).includes(seat);
  return {
    role,
    side: sideOf(role),
    knows: knows(G, seat),
    sabotages_left: G.sabotagesLeft[seat],
    file: G.files
      .filter((f) => G.proposalCount > f.readableAfter)
      .map((f) => ({ lock: f.lock, alibi: role === 'lookout' ? f.alibi : null })),
    can_act: mayAct(G, seat),
    vote: phase === 'vote' ? G.votes[seat] : null,
    card: phase === 'cards' ? G.cards[seat] : null,
    hand: onTeam ? ['clean', 'sabotage'] : [],
    mark: mark === UNMARKED ? null : mark,
    marked: mark !== UNMARKED,
    confirmed: inGetaway && G.confirmed[seat],
    tally,
  };
}

const Mole = {
  name: 'mole',
  minPlayers: 5,
  maxPlayers: 10,
  seed: 'molecrew-bench',
  setup: ({ ctx, random }) => deal(ctx.numPlayers, random),
  // Votes, cards and Getaway marks are simultaneous: every seat may send a move, and each move
  // checks whose it is, as molecrew's engine does.
  turn: { activePlayers: ActivePlayers.ALL },
  moves,
  // The one place secrets are filtered: a seat gets the public board and its own part, a
  // spectator (playerID null) the public board only.
  playerView: ({ G, playerID }) => {
    const board = publicView(G);
    if (playerID === null || playerID === undefined) return board;
    const seat = +playerID;
    return { ...board, seat, me: privateView(G, seat) };
  },
};

module.exports = { Mole };
