"""A fake Sejm ELI API (`/acts/{publisher}/{year}/{pos}`, `…/references`, `…/text.html`).

    make_app(corpus_dir, *, consolidated=None) -> WSGI application (mount it where ELI_BASE_URL points)

What it serves, and from where:
  - `text.html`: the real ELI text.html files in `corpus_dir/pl/statutes/eli/<DU_year_pos>/` verbatim;
  - act metadata: CONSTRUCTED in the documented shape (SOURCE-APIS §4.2: ELI, address, displayAddress,
    title from the act's <h1>, textHTML, …). Acts only known from the seed JSON
    (`pl/statutes/seed/pl-du-<year>-<pos>.json`) have `textHTML: false`, and their text.html answers HTTP 200
    with 0 bytes, as the real API does for acts without an HTML rendering;
  - `/references`: constructed; "Inf. o tekście jednolitym" is empty unless `consolidated` says otherwise:
    `{"DU/1964/93": [("DU/2024/1061", "2024-07-18", "DU/1964/93"), ("DU/2023/1610", "2023-08-09", None)]}`
    lists consolidated texts (newest first or not; the client sorts) and which corpus text.html each one
    serves (None = a t.j. with no HTML). This is how tests exercise "newest t.j. with HTML wins".
  - `/acts/search?title=&year=&type=&publisher=&inForce=&limit=&offset=`: the documented search
    (SOURCE-APIS §4.1), over the acts above: title as a case-insensitive substring, the other filters exact;
    answers `{count, totalCount, offset, items}` with each act's metadata.
  - history (docs/SOURCE-APIS.md §4.6): `/references` of a base act also lists, under "Akty zmieniające",
    the seed acts whose text amends it (an article opening "W Kodeksie cywilnym …" or "W ustawie z dnia … -
    Kodeks cywilny …"), as `{"act": {ELI, displayAddress, title, promulgation, entryIntoForce}, "date"}`.
    `entryIntoForce` comes from the act's own last article when it names a day ("Ustawa wchodzi w życie z
    dniem 1 października 1990 r." → 1990-10-01), else null; `promulgation` is the seed's `in_force_date`,
    which for these acts is the publication day (DU/1990/321: 1990-08-18, in force only on 1990-10-01).
    With `amendment_html=True` a seed act also gets a text.html CONSTRUCTED from its real provision texts in
    the documented unit markup (`div.unit.unit_arti[data-id=arti_N]`, `h3`, `div.unit-inner`), and
    `textHTML: true`; by default it keeps the real 0-byte answer. The seed texts are cut at 12,000
    characters a provision (the repository's own limit): a constructed act text can end mid-sentence.
Unknown acts are a 404.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from fakes.faults import StartResponse, WSGIApp

type Consolidated = Mapping[str, Sequence[tuple[str, str, str | None]]]


@dataclass
class _Act:
    eli: str
    title: str
    html_path: Path | None
    date: str | None = None
    provisions: tuple[tuple[str, str], ...] = ()  # (title "Art. 1", content) of a seed act
    promulgation: str | None = None
    entry_into_force: str | None = None

    @property
    def address(self) -> str:
        publisher, year, pos = self.eli.split("/")
        return f"W{publisher}{year}{int(pos):07d}"

    def metadata(self) -> dict[str, Any]:
        publisher, year, pos = self.eli.split("/")
        return {
            "ELI": self.eli,
            "address": self.address,
            "publisher": publisher,
            "year": int(year),
            "pos": int(pos),
            "displayAddress": f"Dz.U. {year} poz. {pos}",
            "title": self.title,
            "type": "Ustawa",
            "status": "obowiązujący",
            "inForce": "IN_FORCE",
            "announcementDate": self.date,
            "textHTML": self.html_path is not None,
            "textPDF": False,
        }


def _h1_title(html: bytes) -> str:
    m = re.search(rb"<h1>(.*?)</h1>", html, re.DOTALL)
    if not m:
        return ""
    text = re.sub(r"<[^>]+>", " ", m.group(1).decode("utf-8", "replace")).replace("&nbsp;", " ")
    return re.sub(r"\s+", " ", text).strip()


def _load(corpus_dir: Path) -> dict[str, _Act]:
    acts: dict[str, _Act] = {}
    statutes = corpus_dir / "pl" / "statutes"
    for folder in sorted((statutes / "eli").glob("*")):
        m = re.fullmatch(r"(DU|MP)_(\d{4})_(\d+)", folder.name)
        path = folder / "text.html"
        if m and path.is_file():
            eli = f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
            acts[eli] = _Act(eli, _h1_title(path.read_bytes()[:5000]), path)
    for path in sorted((statutes / "seed").glob("pl-du-*.json")):
        m = re.fullmatch(r"pl-du-(\d{4})-(\d+)\.json", path.name)
        if not m:
            continue
        eli = f"DU/{m.group(1)}/{m.group(2)}"
        seed = json.loads(path.read_text(encoding="utf-8"))
        if eli in acts:
            acts[eli].date = seed.get("issued_date")
        else:
            provisions = tuple(
                (str(p.get("title") or ""), str(p.get("content") or "").split(" Pokaż całość")[0])
                for p in seed.get("provisions") or []
            )
            acts[eli] = _Act(
                eli,
                str(seed.get("title") or ""),
                None,
                seed.get("issued_date"),
                provisions=provisions,
                promulgation=seed.get("in_force_date"),
                entry_into_force=_entry_into_force(provisions),
            )
    return acts


_MONTH_NAMES = "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada"
_MONTHS = {name: i for i, name in enumerate([*_MONTH_NAMES.split(), "grudnia"], 1)}


def _entry_into_force(provisions: Sequence[tuple[str, str]]) -> str | None:
    """The day an act names for its entry into force: "wchodzi w życie z dniem 1 października 1990 r."."""
    for _, content in reversed(provisions):
        m = re.search(r"wchodzi w życie z dniem (\d{1,2}) (\w+) (\d{4}) r\.", content)
        if m and m.group(2) in _MONTHS:
            return f"{int(m.group(3)):04d}-{_MONTHS[m.group(2)]:02d}-{int(m.group(1)):02d}"
    return None


def _amends(act: _Act, base_title: str) -> bool:
    """Whether an article of the seed act opens an amendment of the act titled `base_title`."""
    name = re.sub(r"^Ustawa z dnia .*? r\.\s*(?:-\s*)?", "", base_title).strip(" .").lower()  # kodeks cywilny
    if not name:
        return False
    locative = {"kodeks cywilny": "kodeksie cywilnym"}.get(name, name)
    for _, content in act.provisions:
        opening = content[:400].lower()
        if opening.startswith(f"w {locative}") or re.match(
            rf"w ustawie z dnia [^(]*?- {re.escape(name)}\b", opening
        ):
            return True
    return False


def constructed_html(act: _Act) -> bytes:
    """A seed act's provisions in the ELI text.html unit markup (constructed from the real texts)."""
    parts = [f"<html><head><meta charset='utf-8'></head><body><h1>{html.escape(act.title)}</h1>"]
    for title, content in act.provisions:
        m = re.fullmatch(r"Art\.\s*(\d+[a-z]?)", title.strip())
        if not m:
            continue
        number = m.group(1)
        parts.append(
            f'<div class="unit unit_arti" id="arti_{number}" data-id="arti_{number}">'
            f'<h3><b>Art.&nbsp;{number}.</b></h3><div class="unit-inner">'
            f'<div data-template="xText" class="pro-text">{html.escape(content)}</div></div></div>'
        )
    parts.append("</body></html>")
    return "".join(parts).encode()


class _App:
    def __init__(
        self, acts: dict[str, _Act], consolidated: Consolidated, *, amendment_html: bool = False
    ) -> None:
        self.acts = acts
        self.amendment_html = amendment_html
        self.consolidated = {k: list(v) for k, v in consolidated.items()}
        for base, entries in self.consolidated.items():
            for tj_eli, date, source in entries:
                source_act = self.acts.get(source) if source else None
                title = f"Obwieszczenie … w sprawie ogłoszenia jednolitego tekstu ({base})"
                self.acts.setdefault(
                    tj_eli, _Act(tj_eli, title, source_act.html_path if source_act else None, date)
                )

    def _search(self, start_response: StartResponse, query: str) -> list[bytes]:
        q = dict(parse_qsl(query, keep_blank_values=True))
        try:
            limit = max(1, min(500, int(q.get("limit") or 50)))
            offset = max(0, int(q.get("offset") or 0))
        except ValueError:
            return _send(start_response, 400, b'{"message":"Bad Request"}', "application/json")
        title = (q.get("title") or "").casefold()
        found = [
            act.metadata()
            for act in sorted(self.acts.values(), key=lambda a: a.eli)
            if (not title or title in act.title.casefold())
            and (not q.get("year") or act.eli.split("/")[1] == q["year"])
            and (not q.get("publisher") or act.eli.split("/")[0] == q["publisher"])
            and (not q.get("type") or q["type"].casefold() == "ustawa")
        ]
        if q.get("inForce") in ("0", "false"):
            found = []  # every act the fake serves is in force
        page = found[offset : offset + limit]
        payload = {"count": len(page), "totalCount": len(found), "offset": offset, "items": page}
        return _send(
            start_response, 200, json.dumps(payload, ensure_ascii=False).encode(), "application/json"
        )

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path.rstrip("/") == "/acts/search":
            return self._search(start_response, environ.get("QUERY_STRING", ""))
        m = re.fullmatch(r"/acts/(DU|MP)/(\d{4})/(\d+)(/references|/text\.html)?/?", path)
        if not m:
            return _send(start_response, 404, b'{"message":"Not Found"}', "application/json")
        eli = f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
        act = self.acts.get(eli)
        if act is None:
            return _send(start_response, 404, b'{"message":"Not Found"}', "application/json")
        part = m.group(4)
        if part == "/text.html":
            if act.html_path:
                body = act.html_path.read_bytes()
            elif self.amendment_html and act.provisions:
                body = constructed_html(act)
            else:
                body = b""  # the real 0-byte answer of an act without an HTML rendering
            return _send(start_response, 200, body, "text/html;charset=UTF-8")
        if part == "/references":
            entries = [
                {
                    "act": {"ELI": tj, "displayAddress": f"Dz.U. {tj.split('/')[1]} poz. {tj.split('/')[2]}"},
                    "date": d,
                }
                for tj, d, _src in self.consolidated.get(eli, [])
            ]
            payload: dict[str, Any] = {"Inf. o tekście jednolitym": entries} if entries else {}
            amending = [
                {
                    "act": {
                        "ELI": other.eli,
                        "displayAddress": other.metadata()["displayAddress"],
                        "title": other.title,
                        "promulgation": other.promulgation,
                        "entryIntoForce": other.entry_into_force,
                    },
                    "date": other.entry_into_force,
                }
                for other in self.acts.values()
                if other.provisions and other.eli != eli and _amends(other, act.title)
            ]
            if amending:
                payload["Akty zmieniające"] = amending
            return _send(
                start_response, 200, json.dumps(payload, ensure_ascii=False).encode(), "application/json"
            )
        meta = act.metadata()
        if act.provisions:
            meta.update(
                textHTML=self.amendment_html,
                promulgation=act.promulgation,
                entryIntoForce=act.entry_into_force,
            )
        return _send(start_response, 200, json.dumps(meta, ensure_ascii=False).encode(), "application/json")


def _send(start_response: StartResponse, status: int, body: bytes, ctype: str) -> list[bytes]:
    reason = {200: "OK", 404: "Not Found"}.get(status, "")
    start_response(f"{status} {reason}", [("Content-Type", ctype), ("Content-Length", str(len(body)))])
    return [body]


def make_app(
    corpus_dir: Path, *, consolidated: Consolidated | None = None, amendment_html: bool = False
) -> WSGIApp:
    """`corpus_dir` is the corpus root (…/corpus); `amendment_html`: serve the seed acts' texts (above)."""
    corpus_dir = Path(corpus_dir)
    if not (corpus_dir / "pl" / "statutes").is_dir():
        raise FileNotFoundError(
            f"{corpus_dir} has no pl/statutes/ directory: pass the corpus root (…/corpus)"
        )
    return _App(_load(corpus_dir), consolidated or {}, amendment_html=amendment_html)
