from engine.rng import Rng


def test_same_seed_gives_same_sequence_and_different_seeds_differ():
    a, b, c = Rng(7), Rng(7), Rng(8)
    seq_a = [a.below(1000) for _ in range(50)]
    assert seq_a == [b.below(1000) for _ in range(50)]
    assert seq_a != [c.below(1000) for _ in range(50)]


def test_below_stays_in_range_and_covers_it():
    rng = Rng(1)
    seen = {rng.below(6) for _ in range(600)}
    assert seen == set(range(6))


def test_shuffle_is_a_permutation_and_copy_is_independent():
    rng = Rng(3)
    items = list(range(20))
    twin = rng.copy()
    rng.shuffle(items)
    assert sorted(items) == list(range(20))
    assert items != list(range(20))
    again = list(range(20))
    twin.shuffle(again)
    assert again == items
