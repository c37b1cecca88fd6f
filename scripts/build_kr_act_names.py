"""Build verifier/data/kr-act-names.txt, the local list of Korean act names that may be sent to law.go.kr
without the user asking (verifier/sources/act_names.py), from law.go.kr data recorded in the repository.

    .venv/bin/python scripts/build_kr_act_names.py [--check]

Where the names come from (all law.go.kr's own wording, recorded; nothing typed by us):
  - tests/data/recorded*/korea_law_go_kr/lawSearch_*.xml and lawService_*.xml: <법령명한글>, <법령약칭명>,
    <법령명_한글> of the recorded DRF answers;
  - tests/data/recorded*/korea_law_go_kr/UpstageAI_*.json: the 법령명 fields of recorded article bodies;
  - tests/data/corpus/kr/statutes/<법령명>/: the statutes of the corpus (legalize-kr's law.go.kr export),
    their folder names and the `법령명` / `약칭` of their front matter;
  - tests/data/corpus/kr/precedents/**/*.md: the act names of the 참조조문 sections of law.go.kr's
    precedent records (the act named before each "제N조");
  - verifier/data/citations-kr-laws.txt: the act names the extractor joins (themselves taken from law.go.kr).
Names are kept without spaces (how the guard compares them). `--check` fails when the file is not what this
script writes, so the list and its sources cannot drift apart.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
OUT = ROOT / "verifier" / "data" / "kr-act-names.txt"
ACT = re.compile(r"^[가-힣ㆍ·0-9A-Za-z\s]{1,60}?(?:법|법률|령|규칙|규정|조례|헌법)$")
TAGS = ("법령명한글", "법령약칭명", "법령명_한글", "법령명", "약칭")
REFERENCE = re.compile(r"([가-힣ㆍ·\s]{2,60}?(?:법|법률|령|규칙))\s*(?:\(.*?\)\s*)?제\d+조")


def squash(name: str) -> str:
    return re.sub(r"\s+", "", name).strip("「」『』 ")


def from_xml(text: str) -> set[str]:
    found = set()
    for tag in TAGS:
        for m in re.finditer(rf"<{tag}>(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?</{tag}>", text, flags=re.S):
            found.add(m.group(1))
    return found


def from_json(value: object) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, str) and any(tag in k for tag in TAGS):
                found.add(v)
            else:
                found |= from_json(v)
    elif isinstance(value, list):
        for item in value:
            found |= from_json(item)
    return found


def names() -> set[str]:
    found: set[str] = set()
    for folder in sorted(DATA.glob("recorded*")):
        for path in sorted(folder.rglob("*.xml")):
            found |= from_xml(path.read_text(encoding="utf-8", errors="replace"))
        for path in sorted(folder.rglob("UpstageAI_*.json")):
            found |= from_json(json.loads(path.read_text(encoding="utf-8")))
    statutes = DATA / "corpus" / "kr" / "statutes"
    for folder in sorted(p for p in statutes.iterdir() if p.is_dir()):
        found.add(folder.name)
        for path in sorted(folder.glob("*.md")):
            head = path.read_text(encoding="utf-8").split("\n---", 1)[0]
            for m in re.finditer(r"^(?:법령명|약칭)\s*:\s*['\"]?(.+?)['\"]?\s*$", head, flags=re.M):
                found.add(m.group(1))
    for path in sorted((DATA / "corpus" / "kr" / "precedents").rglob("*.md")):
        section = path.read_text(encoding="utf-8").partition("## 참조조문")[2].split("\n## ", 1)[0]
        for part in re.split(r"[,/\[\]]", section):
            m = REFERENCE.search(part)
            if m:
                found.add(m.group(1))
    listed = ROOT / "verifier" / "data" / "citations-kr-laws.txt"
    found |= {line for line in listed.read_text(encoding="utf-8").splitlines() if not line.startswith("#")}
    return {squash(n) for n in found if ACT.match(n.strip()) and len(squash(n)) >= 2}


def text() -> str:
    header = (
        "# Korean act names that may be sent to law.go.kr without the user asking\n"
        "# (verifier/sources/act_names.py). Made by scripts/build_kr_act_names.py from law.go.kr data\n"
        "# recorded in tests/data (see that script for every source); spaces removed. An act not listed\n"
        "# here is looked up only when the user asks.\n"
    )
    return header + "".join(f"{n}\n" for n in sorted(names()))


if __name__ == "__main__":
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text() else 1)
    OUT.write_text(text(), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(names())} names")
