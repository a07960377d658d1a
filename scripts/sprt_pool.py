#!/usr/bin/env python3
"""Pool the game pairs of an SPRT that ran in several parts and give its log-likelihood ratio.

An SPRT is sequential: stopping it because a session ended and going on later with the same
two engines, time control, book and bounds is the same test, so its evidence is the sum of
the parts' game pairs. fastchess resumes a run only from the config.json it writes when
stopped, which is lost with the machine, and cannot start from earlier counts; so this adds
the parts' pentanomial counts and computes the LLR the way fastchess does by default (the normalised-Elo GLR of
Michel Van den Bergh, "Comments on normalized Elo", section 4.1; fastchess's
-sprt model=normalized, alpha = beta = 0.05 -> bounds -2.94, 2.94).

Usage: scripts/sprt_pool.py <elo0> <elo1> LL,LD,DD,WD,WW [LL,LD,DD,WD,WW ...]
  Each part is the pentanomial line fastchess prints: pairs lost twice, lost + drawn,
  drawn twice or won + lost, won + drawn, won twice.
Example (net18's first 720 games; fastchess printed LLR 1.58):
  scripts/sprt_pool.py 0 10 12,73,154,103,18
"""
import math
import sys

SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)   # a pair's score for each pentanomial outcome


def regularize(count):
    """fastchess's guard against log(0): an empty outcome counts as 0.001 pairs."""
    return count if count else 1e-3


def mean_and_variance(probs):
    mu = sum(s * p for s, p in zip(SCORES, probs))
    return mu, sum(p * (s - mu) ** 2 for s, p in zip(SCORES, probs))


def solve_theta(phi, probs):
    """The root of sum p_i phi_i / (1 + theta phi_i) in (-1/max phi, -1/min phi), by bisection."""
    lo, hi = -1.0 / max(phi), -1.0 / min(phi)
    def f(x):
        return sum(p * ph / (1.0 + x * ph) for p, ph in zip(probs, phi))
    # f falls from +inf at lo to -inf at hi
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mle(probs, t_star, mu_ref=0.5):
    """The distribution nearest the observed one whose normalised Elo is t_star."""
    p = [1.0 / len(SCORES)] * len(SCORES)
    for _ in range(10):
        mu, var = mean_and_variance(p)
        sigma = math.sqrt(var)
        phi = [s - mu_ref - 0.5 * t_star * sigma * (1 + ((s - mu) / sigma) ** 2) for s in SCORES]
        theta = solve_theta(phi, probs)
        new = [q / (1 + theta * ph) for q, ph in zip(probs, phi)]
        done = max(abs(a - b) for a, b in zip(new, p)) < 1e-4
        p = new
        if done:
            break
    return p


def llr(penta, elo0, elo1):
    ll, ld, dd, wd, ww = (regularize(c) for c in penta)
    total = ll + ld + dd + wd + ww
    probs = [c / total for c in (ll, ld, dd, wd, ww)]
    scale = math.sqrt(2.0) / (800.0 / math.log(10))   # normalised Elo -> t
    p0, p1 = mle(probs, elo0 * scale), mle(probs, elo1 * scale)
    return total * sum(q * (math.log(a) - math.log(b)) for q, a, b in zip(probs, p1, p0))


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    elo0, elo1 = float(argv[1]), float(argv[2])
    parts = [[int(c) for c in part.split(",")] for part in argv[3:]]
    if any(len(p) != 5 for p in parts):
        sys.exit("each part needs five counts: LL,LD,DD,WD,WW")
    pooled = [sum(col) for col in zip(*parts)]
    for part in parts:
        print(f"part   {part}  {2 * sum(part)} games  LLR {llr(part, elo0, elo1):.2f}")
    bound = math.log((1 - 0.05) / 0.05)
    value = llr(pooled, elo0, elo1)
    verdict = "H1 accepted" if value >= bound else "H0 accepted" if value <= -bound else "continue"
    print(f"pooled {pooled}  {2 * sum(pooled)} games  LLR {value:.2f} of +-{bound:.2f}: {verdict}")


if __name__ == "__main__":
    main(sys.argv)
