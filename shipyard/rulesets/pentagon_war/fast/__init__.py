"""The compiled duel engine of The Pentagon War: the reference engine's rules and captains
ported to numba kernels over flat numpy arrays (`fast.lineup.FastLineup` is the way in).

The readable engine (`pentagon_war.engine`) stays the reference: the plain-words duel log
comes from it, and the tests hold the two to the same win, draw and loss shares.
"""
