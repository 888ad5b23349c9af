"""`molecrew simulate`: the table it prints, the records it writes, and its refusals."""

import json

from engine.mole import GAME
from engine.registry import replay
from host.cli import main as cli_main
from host.simulate import main


def test_simulate_prints_win_rates_endings_and_speed(capsys):
    assert main(["--game", "mole", "--players", "7", "--games", "60", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("mole: 7 players")
    wins = {line.split()[0]: int(line.split()[1]) for line in lines[2:4]}
    assert set(wins) == {"crew", "moles"} and sum(wins.values()) == 60
    endings = {
        line.split()[0]: int(line.split()[1])
        for line in lines
        if line.split()[:1]
        and line.split()[0] in {"locks_blown", "contact_found", "escape", "void"}
    }
    assert len(endings) == 4 and sum(endings.values()) == 60
    assert endings["locks_blown"] + endings["contact_found"] == wins["moles"]
    assert "games/second" in lines[-1]


def test_records_hold_the_complete_game_and_replay_to_it(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--game", "mole", "--players", "8", "--variant", "vault"]
    argv += ["--games", "5", "--seed", "9", "--bot", "smart", "--records", str(path)]
    assert cli_main(argv) == 0
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 5
    for record in records:
        assert record["config"] == {"players": 8, "variants": ["vault"]}
        assert len(record["roles"]) == 8 and record["winners"] in (["crew"], ["moles"])
        for proposal in record["proposals"]:
            assert len(proposal["votes"]) == 8 and set(proposal.keys()) >= {"team", "boss"}
        for lock in record["locks"]:
            if lock["by"] == "cards":
                assert sorted(map(int, lock["cards"])) == lock["team"]
        state = replay(
            GAME, GAME.config_from_json(record["config"]), record["seed"], record["actions"]
        )
        assert GAME.record(state) == record
    capsys.readouterr()


def test_same_seed_same_games(tmp_path, capsys):
    paths = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for path in paths:
        main(
            [
                "--game",
                "mole",
                "--players",
                "6",
                "--games",
                "8",
                "--seed",
                "2",
                "--records",
                str(path),
            ]
        )
    assert paths[0].read_text() == paths[1].read_text()
    capsys.readouterr()


def test_impossible_table_is_refused_with_a_clear_message(capsys):
    assert main(["--game", "mole", "--players", "6", "--variant", "vault", "--games", "1"]) == 2
    assert "variant_players" in capsys.readouterr().err
    assert main(["--game", "mole", "--players", "7", "--bot", "genius"]) == 2
    assert "random" in capsys.readouterr().err


def test_the_balance_table_plays_every_setup_with_margins_and_a_progress_bar(capsys):
    from host.simulate import margin, setups

    assert main(["--table", "--game", "mole", "--games", "4", "--bot", "smart"]) == 0
    captured = capsys.readouterr()
    expected = setups(GAME)
    # Every player count, each variant alone, and every pair the game accepts.
    assert {players for players, _ in expected} == set(range(5, 11))
    assert (7, ["vault"]) in expected and (5, ["quick", "snitch"]) in expected
    assert (7, ["quick", "vault"]) not in expected and (5, ["vault"]) not in expected
    rows = [line for line in captured.out.splitlines() if "| roles: " in line]
    assert [int(row.split()[0]) for row in rows] == [players for players, _ in expected]
    assert all("crew " in row and "moles " in row for row in rows)
    assert "±" in rows[0] and f"{len(expected)} setups, {4 * len(expected)} games" in captured.out
    assert f"{len(expected)}/{len(expected)}" in captured.err and "[" in captured.err
    assert round(margin(50, 100), 3) == 0.098 and margin(0, 10) == 0.0


def test_simulate_needs_a_game_and_players_unless_it_plays_the_table(capsys):
    assert main(["--game", "mole"]) == 2
    assert "--table" in capsys.readouterr().err
