"""Quick game, The Vault and Snitch (advanced), played through."""


def test_quick_game_two_open_locks_lead_to_the_getaway(new_table):
    table = new_table("seven", variants=["quick"])
    assert [lock["team_size"] for lock in table.view(None)["locks"]] == [2, 2, 3]
    table.open_locks(2)
    assert table.state.phase == "getaway"
    assert (table.view(None)["to_open"], table.view(None)["to_blow"]) == (2, 2)


def test_quick_game_two_blown_locks_win_for_the_moles(new_table):
    table = new_table("seven", variants=["quick"])
    table.run_lock([1, 0], saboteurs=[1])
    table.run_lock([6, 0], saboteurs=[6])
    assert table.view(None)["result"]["reason"] == "locks_blown"


def test_the_vault_needs_four_open_locks_and_gives_moles_two_sabotages(new_table):
    table = new_table("seven", variants=["vault"])
    assert [lock["team_size"] for lock in table.view(None)["locks"]] == [2, 2, 2, 3, 3, 3, 3]
    table.run_lock([1, 0], saboteurs=[1])
    table.run_lock([1, 0], saboteurs=[1])
    assert table.view(1)["me"]["sabotages_left"] == 0
    table.open_locks(3)
    assert table.state.phase == "propose"
    table.open_locks(1)
    assert table.state.phase == "getaway"


def test_the_vault_four_blown_locks_win_for_the_moles(new_table):
    table = new_table("seven", variants=["vault"])
    for _ in range(3):
        table.reject()
        table.reject()
        table.reject()
    assert table.state.phase == "propose"
    table.run_lock([1, 0, 2], saboteurs=[1])
    assert table.view(None)["result"]["reason"] == "locks_blown"


def test_snitch_advanced_at_five_players(new_table):
    table = new_table(["snitch", "contact", "lookout", "mole", "driver"], variants=["snitch"])
    assert table.view(3)["me"]["knows"] == {"moles": [], "hidden_moles": 1}
    assert table.view(0)["me"]["knows"] == {"mole_count": 2}
    assert sorted(table.view(1)["me"]["knows"]["suspects"]) == [0, 3]
    table.run_lock([0, 1], saboteurs=[0])
    assert table.view(None)["locks"][0]["result"] == "blown"


def test_quick_and_snitch_combined(new_table):
    table = new_table(
        ["snitch", "contact", "lookout", "mole", "driver"], variants=["snitch", "quick"]
    )
    assert table.view(None)["variants"] == ["quick", "snitch"]
    table.run_lock([0, 1], saboteurs=[0])
    table.run_lock([3, 1], saboteurs=[3])
    assert table.view(None)["result"]["winner"] == "moles"
