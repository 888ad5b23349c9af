"""Pure rules for the games molecrew hosts: standard library only, no I/O.

A game is fully determined by (config, seed, actions). Each game lives in its own sub-package,
laid out in the same order: vocabulary, config, state, rules, views, bots.
"""
