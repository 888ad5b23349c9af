"""Rng.shuffle draws a list's numbers all at once (engine.rng._draws): it must give exactly the
shuffle, and leave exactly the generator, that one ``below`` per place gives, or seeds would deal
other games than their journals and tests expect."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine.rng import Rng, _draws

SEEDS = [0, 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 12345678901234567, *range(2, 40)]


def one_draw_a_place(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 10, 25, 52, 64, 65, 66, 80])
def test_a_shuffle_is_one_draw_a_place_from_the_last(count):
    for seed in SEEDS:
        packed, plain = Rng(seed), Rng(seed)
        shuffled, expected = list(range(count)), list(range(count))
        packed.shuffle(shuffled)
        one_draw_a_place(plain, expected)
        assert shuffled == expected, (seed, count)
        assert packed == plain and packed.next_u64() == plain.next_u64(), (seed, count)


def test_the_draws_made_at_once_are_the_outputs_one_at_a_time():
    # Every bit: a shuffle's places read only the top bits of each draw.
    for seed in SEEDS:
        for count in (1, 2, 7, 64):
            rng = Rng(seed)
            assert list(_draws(seed, count)) == [rng.next_u64() for _ in range(count)]


def test_draws_after_a_shuffle_go_on_from_where_it_stopped():
    rng = Rng(7)
    deck = list(range(52))
    rng.shuffle(deck)
    again = Rng(7)
    for _ in range(51):
        again.next_u64()
    assert [rng.below(1000) for _ in range(5)] == [again.below(1000) for _ in range(5)]


MASK = (1 << 64) - 1


def reference_outputs(seed: int, count: int) -> list[tuple[int, int]]:
    """SplitMix64 one output at a time, as written in its paper: (state after, output)."""
    state, made = seed & MASK, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        made.append((state, z ^ (z >> 31)))
    return made


def test_outputs_made_in_batches_are_splitmix_one_at_a_time_with_its_state():
    # Past several batches (1, 2, 4, ... 64, then 64 at a time), read at every step.
    for seed in SEEDS[:8]:
        rng = Rng(seed)
        assert rng.state == seed & MASK
        for index, (state, output) in enumerate(reference_outputs(seed, 300)):
            if index % 3 == 0:
                assert rng.next_u64() == output, (seed, index)
            else:
                assert rng.below(1000) == (output * 1000) >> 64, (seed, index)
            assert rng.state == state, (seed, index)


def test_setting_the_state_mid_batch_starts_from_it():
    rng = Rng(3)
    for _ in range(10):
        rng.below(6)
    rng.state = 99
    assert [rng.next_u64() for _ in range(5)] == [o for _, o in reference_outputs(99, 5)]


def test_a_copy_made_mid_batch_goes_on_alike_and_leaves_the_original_alone():
    rng = Rng(11)
    for _ in range(9):  # inside the fourth batch
        rng.next_u64()
    copies = [rng.copy(), copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    assert all(other == rng for other in copies)
    expected = [o for _, o in reference_outputs(11, 30)[9:]]
    for other in copies:
        assert [other.next_u64() for _ in range(21)] == expected
    assert [rng.next_u64() for _ in range(21)] == expected
