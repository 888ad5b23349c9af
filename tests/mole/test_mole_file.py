"""The file after a lock blown by cards, and the Lookout's alibi with its settled cases."""

# The seven-player deal: 0 contact, 1 mole, 2 lookout, 3 snitch, 4 driver, 5 double, 6 mole.


def files(table):
    return [table.view(seat)["me"]["file"] for seat in range(table.n)]


def test_lookout_alibi_names_a_clean_player_of_the_blown_team(seven):
    seven.run_lock([1, 4], saboteurs=[1])
    seven.propose([0, 5])  # the next voting turn
    assert seven.view(2)["me"]["file"] == [{"lock": 0, "alibi": 4}]


def test_everyone_else_reads_the_same_nothing_new_file(seven):
    seven.run_lock([1, 4], saboteurs=[1])
    seven.propose([0, 5])
    for seat, file in enumerate(files(seven)):
        if seat != 2:
            assert file == [{"lock": 0, "alibi": None}]


def test_file_arrives_at_the_next_voting_turn_not_before(seven):
    seven.run_lock([1, 4], saboteurs=[1])
    assert seven.state.phase == "propose"
    assert all(file == [] for file in files(seven))
    seven.propose([0, 5])
    assert all(len(file) == 1 for file in files(seven))


def test_alibi_is_never_the_lookout_themselves(seven):
    seven.run_lock([1, 2], saboteurs=[1])  # the Lookout is the only Clean player
    seven.propose([0, 5])
    assert seven.view(2)["me"]["file"] == [{"lock": 0, "alibi": None}]
    assert seven.view(0)["me"]["file"] == [{"lock": 0, "alibi": None}]


def test_alibi_is_drawn_at_random_among_the_clean_players_and_may_clear_a_mole(new_table):
    alibis = set()
    for seed in range(40):
        table = new_table("eight", decoy=0, seed=seed)  # teams of 3
        table.run_lock([1, 4, 5], saboteurs=[1])  # 5 is a Mole holding back
        alibis.add(table.state.files[0].alibi)
    assert alibis == {5}
    alibis = set()
    for seed in range(40):
        table = new_table("eight", decoy=0, seed=seed)
        table.run_lock([1, 0, 7], saboteurs=[1])
        alibis.add(table.state.files[0].alibi)
    assert alibis == {0, 7}


def test_open_lock_and_patrol_bring_no_file(seven):
    seven.run_lock([0, 2])
    for _ in range(3):
        seven.reject()
    seven.propose([0, 2])
    assert all(file == [] for file in files(seven))


def test_file_stays_in_the_dossier_for_the_rest_of_the_game(seven):
    seven.run_lock([1, 4], saboteurs=[1])
    seven.run_lock([0, 5])
    seven.run_lock([6, 0], saboteurs=[6])
    seven.propose([0, 4, 5])
    assert seven.view(2)["me"]["file"] == [{"lock": 0, "alibi": 4}, {"lock": 2, "alibi": 0}]


def test_no_file_when_the_blow_ends_the_game(five):
    five.run_lock([0, 1], saboteurs=[0])
    five.run_lock([0, 2], saboteurs=[0])
    five.run_lock([3, 4], saboteurs=[3])
    assert [f["lock"] for f in five.view(None)["result"]["alibis"]] == [0, 1]
