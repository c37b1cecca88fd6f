"""Figure 1: FRAGMENT matching of 1,000 quotes against a 1 MB source built from the corpus.

Quotes: half verbatim sentences of the source, a quarter of them with one small edit (a word dropped or two
letters swapped), a quarter sentences of corpus texts held out of the source. Baselines, same run, same
quotes: `str.find` of each normalized quote in the once-normalized source (exact path), and a bare
`rapidfuzz.fuzz.partial_ratio_alignment` of each normalized quote over the whole normalized source (fuzzy
path). The fuzzy path is the slow one; `fuzzy_sample` quotes of the 500 misses are timed and the total is
scaled to 500, which the printed line says."""

from __future__ import annotations

import random
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass

from rapidfuzz import fuzz

from bench.common import Figure, median_time
from bench.corpus import concatenated, corpus_texts, sentences
from verifier.match.fragment import FragmentStatus, find_quote
from verifier.text import normalize

# Held out of the source so that their sentences are really absent, one per language.
HELD_OUT = frozenset(
    {"eu/case_law/C-300-21.md", "kr/statutes/형법/법률.md", "pl/statutes/eli/DU_2018_1000/text.html"}
)


@dataclass(frozen=True)
class Workload:
    source: str
    exact: list[str]
    modified: list[str]
    absent: list[str]


def _edit(sentence: str, rng: random.Random) -> str:
    """One small edit a hurried author makes: a word left out, or two different letters of a word swapped.
    The edit must survive normalization, or the quote would still be verbatim."""
    words = sentence.split(" ")
    for _ in range(20):
        edited = list(words)
        swappable = [
            (i, j)
            for i, w in enumerate(words)
            if len(w) >= 5 and w.isalpha()
            for j in range(1, len(w) - 2)
            if w[j].casefold() != w[j + 1].casefold()
        ]
        if swappable and rng.random() < 0.5:
            i, j = rng.choice(swappable)
            w = words[i]
            edited[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
        elif len(words) > 6:
            del edited[rng.randrange(1, len(words) - 1)]
        else:
            continue
        candidate = " ".join(edited)
        if normalize(candidate).text != normalize(sentence).text:
            return candidate
    raise ValueError(f"cannot edit {sentence!r} in a way normalization keeps")


def build_workload(n_quotes: int = 1000, source_bytes: int = 1_000_000, seed: int = 9) -> Workload:
    if n_quotes < 4:
        raise ValueError(f"n_quotes must be at least 4 (half/quarter/quarter), got {n_quotes}")
    texts = corpus_texts()
    # Alternate languages so that even a small source holds all three.
    inside = [t for t in texts if t.name not in HELD_OUT]
    by_lang: dict[str, list[int]] = {}
    for i, t in enumerate(inside):
        by_lang.setdefault(t.language, []).append(i)
    order = sorted(
        range(len(inside)), key=lambda i: (by_lang[inside[i].language].index(i), inside[i].language)
    )
    source = concatenated([inside[i] for i in order], source_bytes)
    folded = normalize(source).text
    rng = random.Random(seed)
    present = sorted({s for t in inside for s in sentences(t.text) if s in source})
    held = sorted(
        {s for t in texts if t.name in HELD_OUT for s in sentences(t.text) if normalize(s).text not in folded}
    )
    n_exact, n_mod = n_quotes // 2, n_quotes // 4
    n_abs = n_quotes - n_exact - n_mod
    if len(present) < n_exact + n_mod or len(held) < n_abs:
        raise ValueError(f"the corpus gives too few sentences for {n_quotes} quotes")
    picked = rng.sample([s for s in present if len(s.split(" ")) > 6], n_exact + n_mod)
    modified = [_edit(s, rng) for s in picked[n_exact:]]
    return Workload(source, picked[:n_exact], modified, rng.sample(held, n_abs))


def _sample(quotes: list[str], k: int) -> list[str]:
    if k >= len(quotes):
        return list(quotes)
    step = len(quotes) / k
    return [quotes[int(i * step)] for i in range(k)]


def run(
    *, n_quotes: int = 1000, source_bytes: int = 1_000_000, repeats: int = 3, fuzzy_sample: int | None = 100
) -> list[Figure]:
    work = build_workload(n_quotes, source_bytes)
    normalize("ﬁ\u0301 Ｆ")  # builds the cached fold tables outside the timings

    start = time.perf_counter()
    src = normalize(work.source)
    t_norm = time.perf_counter() - start
    t_norm_base = median_time(lambda: unicodedata.normalize("NFC", work.source).casefold(), repeats)
    size_mb = len(work.source.encode("utf-8")) / 1e6
    figures = [
        Figure(
            "fragment.normalize_source",
            t_norm,
            t_norm_base,
            "s",
            "unicodedata NFC + str.casefold of the same source",
            note=f"{size_mb:.2f} MB, {len(work.source)} chars, NFC input: "
            f"{unicodedata.is_normalized('NFC', work.source)}",
        )
    ]

    def exact_path() -> None:
        for q in work.exact:
            find_quote(q, src)

    def exact_base() -> None:
        for q in work.exact:
            src.text.find(normalize(q).text)

    t_exact = median_time(exact_path, repeats)
    t_exact_base = median_time(exact_base, repeats)
    exact_status = Counter(find_quote(q, src).status.value for q in work.exact)
    figures.append(
        Figure(
            "fragment.exact_path",
            t_exact,
            t_exact_base,
            "s",
            "normalize(quote) + str.find in the normalized source",
            target="<= 3x baseline",
            met=t_exact <= 3 * t_exact_base,
            note=f"{len(work.exact)} verbatim quotes; statuses {dict(exact_status)}",
        )
    )

    misses = work.modified + work.absent
    k = len(misses) if fuzzy_sample is None else max(2, min(fuzzy_sample, len(misses)))
    sample = _sample(work.modified, k // 2) + _sample(work.absent, k - k // 2)
    statuses: dict[str, Counter[str]] = {"modified": Counter(), "absent": Counter()}
    needles = [normalize(q).text for q in sample]

    modified = set(work.modified)

    def fuzzy_path() -> None:
        for q in misses:
            result = find_quote(q, src)
            statuses["modified" if q in modified else "absent"][result.status.value] += 1

    def fuzzy_base() -> None:
        for n in needles:
            fuzz.partial_ratio_alignment(n, src.text)

    # every miss goes through find_quote (the q-gram index is built on the first one, inside the timing);
    # the bare whole-source rapidfuzz loop takes ~70 ms a quote, so it is timed on a sample and scaled
    scale = len(misses) / len(sample)
    t_fuzzy = time_once(fuzzy_path)
    t_fuzzy_base = time_once(fuzzy_base) * scale
    measured = "baseline on all" if scale == 1 else f"baseline on {len(sample)}, scaled x{scale:.1f}"
    figures.append(
        Figure(
            "fragment.fuzzy_path",
            t_fuzzy,
            t_fuzzy_base,
            "s",
            "bare rapidfuzz partial_ratio_alignment loop, same quotes",
            target="<= 2x baseline",
            met=t_fuzzy <= 2 * t_fuzzy_base,
            note=f"{len(misses)} misses ({measured}); edited quotes gave "
            f"{dict(statuses['modified'])}, absent ones {dict(statuses['absent'])}",
        )
    )

    def find_all() -> None:
        for q in work.exact + misses:
            src.text.find(normalize(q).text)

    t_all_base = t_norm + median_time(find_all, repeats)
    t_all = t_norm + t_exact + t_fuzzy
    figures.append(
        Figure(
            "fragment.all_quotes",
            t_all,
            t_all_base,
            "s",
            "normalize source + str.find of every normalized quote",
            target="< 2 s",
            met=t_all < 2.0,
            note=f"{n_quotes} quotes = normalize source + exact path + fuzzy path",
        )
    )
    return figures


def time_once(fn: object) -> float:
    assert callable(fn)
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


__all__ = ["HELD_OUT", "FragmentStatus", "Workload", "build_workload", "run"]
