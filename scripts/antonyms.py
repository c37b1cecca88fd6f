"""Regenerate verifier/data/antonyms-<lang>.txt from the corpus, with where each side of each pair occurs.

    .venv/bin/python scripts/antonyms.py [--corpus tests/data/corpus] [--check]

Two sources of pairs, both shown in the corpus's own statutes and judgments, none from a dictionary:

1. a word negated by a prefix whose base the corpus uses too: 불/무/비/미 + a Korean noun of two or three
   syllables (불필요 / 필요, 무과실 / 과실, 미성년 / 성년), nie- / bez- + a Polish word
   (niedopuszczalny / dopuszczalny, bezskuteczny / skuteczny), in- / un- / il- / im- / ir- / non- + an
   English adjective (invalid / valid, unlawful / lawful);
2. the pairs of `CURATED`, each kept only when the corpus has both of its sides.

`REJECTED` lists the prefix derivations that are not negations (niemniej "nevertheless" is not mniej
negated; 무관하게 "regardless" is not 관하여 negated), each with why. `--check` exits 1 when the data files
are not what this script writes (a test runs it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifier.match.antonyms import stem  # noqa: E402  (the runtime's own lookup key)

DATA = ROOT / "verifier" / "data"
FOLDERS = {"ko": ("kr",), "pl": ("pl",), "en": ("eu",)}
PREFIXES = {"ko": ("불", "무", "비", "미"), "pl": ("nie", "bez"), "en": ("non", "un", "in", "il", "im", "ir")}
# an English base must look like an adjective: "formation" is no negation of "information"
_EN_ADJECTIVE = re.compile(r"(?:al|ful|able|ible|ive|id|ent|ant|ous|ic|ct|ete|ate|ary|ory|ar|ised|ized|ed)$")
MIN_BASE = {"ko": 2, "pl": 5, "en": 5}  # syllables (Korean) or letters of the base's stem
# a base ending in a particle or an ending is a one-syllable word glued to it (무기의, 비용에, 비하여)
_KO_PARTICLES = frozenset("의에이가을를은는한하로과와도만며고")
MIN_COUNT = 2  # each side occurs at least this often: a single occurrence may be a typo or a name

# (negative, positive, scope): the negative is the side a negation or a restriction usually sits on
CURATED: dict[str, list[tuple[str, str, str]]] = {
    "ko": [
        ("무효", "유효", "claim"),
        ("무죄", "유죄", "claim"),
        ("무상", "유상", "claim"),
        ("무권", "유권", "claim"),
        ("위법", "적법", "claim"),
        ("불법", "합법", "claim"),
        ("악의", "선의", "claim"),
        ("과실", "고의", "claim"),
        ("부작위", "작위", "claim"),
        ("금지", "허용", "claim"),
        ("부동의", "동의", "claim"),  # 부 is no general prefix (부동산, 부과): only this word of it
        ("기각", "인용", "quote"),  # 인용 is also "a quotation"
        ("소극", "적극", "quote"),  # 적극적으로 is also "actively"
        ("이하", "이상", "quote"),  # 이하 is also "hereinafter"
        ("미만", "이상", "quote"),
        ("초과", "이하", "quote"),
        ("부정", "긍정", "quote"),
        ("제외", "포함", "quote"),
    ],
    "pl": [
        ("sprzeczn", "zgodn", "claim"),
        ("nieważn", "ważn", "claim"),
        ("bezwzględn", "względn", "claim"),
        ("zakaz", "dozwolon", "claim"),
        ("oddal", "uwzględni", "quote"),  # "oddala powództwo" / "uwzględnia"; oddal- is also "remote"
        ("odmow", "zgod", "quote"),  # "odmowa" / "zgoda"; zgod- is also "zgodnie"
        ("obowiązkow", "dobrowoln", "claim"),
    ],
    "en": [
        ("invalid", "valid", "claim"),
        ("unlawful", "lawful", "claim"),
        ("prohibited", "permitted", "claim"),
        ("dismiss", "uphold", "quote"),
        ("refuse", "grant", "quote"),
        ("indirect", "direct", "claim"),
        ("optional", "mandatory", "claim"),
    ],
}
REJECTED = {
    "ko": {
        "불구": "불구하고 'despite' is not 구하다 'to seek' negated",
        "무관": "무관하게 'regardless of' is not 관하여 'concerning' negated",
        "미치": "미치다 'to reach' is a verb of its own",
        "비추": "비추어 'in the light of' is a verb of its own",
        "미리": "미리 'in advance' is an adverb of its own",
        "비롯": "비롯하여 'including' is a verb of its own",
        "불러": "불러 'calling' is a verb of its own",
        "미쳐": "미쳐 'reaching' is a verb of its own",
        "무렵": "무렵 'around the time' is a noun of its own",
        "비교": "비교 'comparison' is a noun of its own",
        "미처": "미처 'yet' is an adverb of its own",
        "불법원": "불법 원인: 불법 'unlawful' + 원인, not 법원 'court' negated",
        "불법조": "불법 조치: 불법 + 조치, not 법조 negated",
        "미수죄": "미수 죄: 미수 'attempt' + 죄, not 수죄 negated",
        "비상대": "비 상대방: 비 + 상대방 in 'non-party', read as 상대 only by accident",
        "비상시": "비상시 'in an emergency' is not 상시 'always' negated",
        "무주물": "무주물 'ownerless thing' is not 주물 'principal thing' negated",
        "비기한": "비 기한: a split of another word, not 기한 'term' negated",
        "비하": "비하여 'compared with' is not 하여 'doing' negated",
    },
    "pl": {
        "niemniej": "niemniej 'nevertheless' is not mniej 'less' negated",
        "niekiedy": "niekiedy 'sometimes' is not kiedy 'when' negated",
        "niejak": "niejako 'as it were' is not jako 'as' negated",
        "niektór": "niektóre 'some' is not które 'which' negated",
        "niezwłoczn": "niezwłocznie 'without delay' has no base of its own",
        "niedziel": "niedziela 'Sunday' is not dziel- 'divide' negated",
        "niektórz": "niektórzy 'some' is not którzy 'who' negated",
        "bezsprzeczn": "bezsprzecznie 'indisputably' is not sprzeczny 'contrary' negated",
    },
    "en": {
        "information": "information is not formation negated",
        "informed": "informed is not formed negated",
        "interest": "interest is not terest negated",
        "intended": "intended is not tended negated",
        "impose": "impose is not pose negated",
        "imposed": "imposed is not posed negated",
        "invest": "invest is not vest negated",
        "involved": "involved is not volved negated",
        "incorporate": "incorporate is not corporate negated",
        "irrespective": "irrespective 'regardless' is not respective negated",
    },
}
_WORD = {"ko": re.compile(r"[가-힣]+"), "pl": re.compile(r"[^\W\d_]+"), "en": re.compile(r"[^\W\d_]+")}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def texts(corpus: Path, lang: str) -> Iterator[tuple[str, int, str]]:
    """(path relative to the corpus, line number, the line's text) of every text file of a language.
    A JSON file is read as its strings, each numbered by the line of the file it starts on; HTML loses
    its tags."""
    for folder in FOLDERS[lang]:
        for path in sorted((corpus / folder).rglob("*")):
            if not path.is_file() or path.suffix not in (".md", ".json", ".html", ".txt", ".sql"):
                continue
            rel = path.relative_to(corpus).as_posix()
            raw = path.read_text(encoding="utf-8", errors="replace")
            if path.suffix == ".json":
                for k, s in enumerate(_strings(json.loads(raw))):
                    for j, line in enumerate(s.splitlines()):
                        yield rel, k * 10_000 + j + 1, line  # string k, its line j: a stable place
                continue
            for n, line in enumerate(raw.splitlines(), 1):
                yield rel, n, re.sub(r"<[^>]+>", " ", line) if path.suffix == ".html" else line


class Vocabulary:
    def __init__(self, corpus: Path, lang: str) -> None:
        self.lang = lang
        self.count: Counter[str] = Counter()
        self.first: dict[str, tuple[str, int, str]] = {}
        for rel, n, line in texts(corpus, lang):
            for m in _WORD[lang].finditer(line):
                key = self.key(m.group())
                self.count[key] += 1
                if key not in self.first:
                    snippet = line[max(0, m.start() - 30) : m.end() + 30].strip()
                    self.first[key] = (rel, n, snippet)
        if lang == "ko":  # every start of a word, as Korean sides are matched
            self.starts: Counter[str] = Counter()
            for word, c in self.count.items():
                for k in range(2, min(5, len(word)) + 1):
                    self.starts[word[:k]] += c
                    self.first.setdefault(word[:k], self.first[word])

    def key(self, word: str) -> str:
        return word if self.lang == "ko" else stem(word, self.lang)

    def frequency(self, side: str) -> int:
        return self.starts[side] if self.lang == "ko" else self.count[side]

    def where(self, side: str) -> str:
        rel, n, snippet = self.first[side]
        return f"{rel}:{n} «{' '.join(snippet.split())[:70]}»"


def prefix_pairs(vocab: Vocabulary) -> list[tuple[str, str]]:
    lang, out = vocab.lang, set()
    for word in vocab.count:
        for prefix in PREFIXES[lang]:
            if not word.startswith(prefix):
                continue
            if lang == "ko":
                for size in (2, 3):
                    base = word[len(prefix) : len(prefix) + size]
                    negative = prefix + base
                    if (
                        len(base) == size
                        and vocab.starts[base] >= MIN_COUNT
                        and not base.startswith(prefix)
                        and base[-1] not in _KO_PARTICLES
                    ):
                        out.add((negative, base))
                        break
            else:
                base = word[len(prefix) :].lstrip("-")
                if len(base) >= MIN_BASE[lang] and base in vocab.count and base[:1].isalpha():
                    if lang == "en" and not _EN_ADJECTIVE.search(base):
                        continue
                    out.add((word, base))
    rejected = REJECTED[lang]
    kept = [
        (n, p)
        for n, p in out
        if not any(n.startswith(r) for r in rejected)
        and vocab.frequency(n) >= MIN_COUNT
        and vocab.frequency(p) >= MIN_COUNT
        and (lang != "ko" or _ko_noun_like(vocab, n, p))
    ]
    return sorted(kept)


def _ko_noun_like(vocab: Vocabulary, negative: str, positive: str) -> bool:
    """A Korean base is a word of its own when it also stands alone as a word, glued to a particle
    ("필요가", "필요한", "필요성"): not only as the inside of longer words."""
    return any(
        w.startswith(positive) and len(w) <= len(positive) + 2 for w in vocab.count if vocab.count[w] >= 1
    )


def render(lang: str, corpus: Path) -> str:
    vocab = Vocabulary(corpus, lang)
    lines = [
        f"# Antonyms ({lang}) for verifier/match/antonyms.py. GENERATED by scripts/antonyms.py from "
        f"{corpus.relative_to(ROOT).as_posix() if corpus.is_relative_to(ROOT) else corpus}: do not edit,",
        "# edit the script and run it again. negative<TAB>positive<TAB>kind<TAB>scope<TAB># where each side "
        "occurs first (file:line «text») and how often.",
        "# kind prefix: the negative is the positive with a negating prefix; pair: a pair of CURATED.",
        "# scope claim: compared in a paraphrase too; quote: only a quotation's swapped words.",
    ]
    rows: list[tuple[str, str, str, str]] = [(n, p, "prefix", "claim") for n, p in prefix_pairs(vocab)]
    for negative, positive, scope in CURATED[lang]:
        if vocab.frequency(negative) and vocab.frequency(positive):
            rows.append((negative, positive, "pair", scope))
        else:
            print(f"{lang}: {negative} / {positive} not shown in the corpus: left out", file=sys.stderr)
    seen: set[tuple[str, str]] = set()
    for negative, positive, kind, scope in rows:
        if (negative, positive) in seen:
            continue
        seen.add((negative, positive))
        evidence = (
            f"{negative} ×{vocab.frequency(negative)} {vocab.where(negative)}; "
            f"{positive} ×{vocab.frequency(positive)} {vocab.where(positive)}"
        )
        lines.append(f"{negative}\t{positive}\t{kind}\t{scope}\t# {evidence}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT / "tests" / "data" / "corpus")
    parser.add_argument("--check", action="store_true", help="exit 1 if the data files are not up to date")
    args = parser.parse_args(argv)
    stale = []
    for lang in ("ko", "pl", "en"):
        path = DATA / f"antonyms-{lang}.txt"
        text = render(lang, args.corpus.resolve())
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {text.count(chr(10)) - 4} pairs")
    if stale:
        print(f"not up to date: {', '.join(stale)}; run scripts/antonyms.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
