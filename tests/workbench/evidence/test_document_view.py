"""The document view's blocks and marks, from the parts ingestion records: markdown headings and paragraphs,
a .docx's notes under their numbers after the body, table rows as cells; a citation's anchor carries its
status, the claim is underlined in the worst status of the claims over it, and a filter leaves the other
citations in the text unhighlighted."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from verifier.ingest import ingest_bytes, ingest_text
from workbench.evidence.document_view import Mark, blocks_of, render


class Outline(HTMLParser):
    """(tag, classes, text) of the block elements, and the text of each citation anchor."""

    BLOCKS = frozenset({"h3", "h4", "p", "li", "td"})

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[tuple[str, str, str]] = []
        self.cites: list[tuple[str, str]] = []
        self.stack: list[tuple[str, str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        self.stack.append((tag, classes, []))

    def handle_endtag(self, tag):
        opened, classes, text = self.stack.pop()
        joined = "".join(text)
        if self.stack:
            self.stack[-1][2].append(joined)
        if opened in self.BLOCKS:
            self.blocks.append((opened, classes, joined))
        if opened == "a":
            self.cites.append((classes, joined))

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


def mark(pk, text, citation, status, claim=None, state="open"):
    start = text.index(citation)
    claim_start, claim_end = (text.index(claim), text.index(claim) + len(claim)) if claim else (0, 0)
    return Mark(pk, pk, start, start + len(citation), claim_start, claim_end, status, state, pk, citation)


MEMO = (
    "# Memo\n\n1. Zgodnie z art. 58 k.c. umowa jest nieważna.\n\n"
    "2. Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.\n"
)


def test_a_markdown_memo_reads_as_a_heading_and_its_paragraphs():
    document = ingest_text(MEMO)
    parts = [[p.start, p.end, p.origin] for p in document.parts]
    kinds = [b.kind for b in blocks_of(document.text, parts)]
    assert kinds == ["heading", "paragraph", "paragraph"]
    html = render(document.text, parts, [], finding_base="/f/").html
    blocks = outline(html).blocks
    assert blocks[0] == ("h3", "doc-heading", "# Memo")
    assert [b[2] for b in blocks[1:]] == [
        "1. Zgodnie z art. 58 k.c. umowa jest nieważna.",
        "2. Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.",
    ]


def test_each_citation_in_its_status_and_its_claim_underlined_in_the_worst_status():
    text = MEMO
    sentence = "Zgodnie z art. 58 k.c. umowa jest nieważna."
    marks = [
        mark(1, text, "art. 58 k.c.", "verified", claim=sentence),
        mark(
            2,
            text,
            "II CSK 123/19",
            "no_source",
            claim="Por. wyrok SN z dnia 12 marca 2019 r., II CSK 123/19.",
        ),
    ]
    document = ingest_text(text)
    html = render(text, [[p.start, p.end, p.origin] for p in document.parts], marks, finding_base="/f/").html
    cites = outline(html).cites
    assert [(re.search(r"st-(\w+)", c).group(1), t) for c, t in cites] == [
        ("verified", "art. 58 k.c."),
        ("no_source", "II CSK 123/19"),
    ]
    assert 'href="/f/2/" hx-get="/f/2/" hx-target="#evidence"' in html
    assert re.search(r'<span class="claim-line u-verified">Zgodnie z </span>', html)
    assert re.search(r'<span class="claim-line u-no_source">Por. wyrok SN', html)
    # a citation is one navigable stop however the claim cuts it
    assert html.count("data-finding") == 2


def test_the_filter_keeps_the_others_in_the_text_unhighlighted_and_out_of_j_k():
    text = MEMO
    marks = [mark(1, text, "art. 58 k.c.", "verified"), mark(2, text, "II CSK 123/19", "no_source")]
    document = ingest_text(text)
    rendered = render(
        text, [[p.start, p.end, p.origin] for p in document.parts], marks, finding_base="/f/", shown={2}
    )
    assert rendered.navigable == 1
    assert re.search(r'class="cite st-verified quiet"[^>]*>art\. 58 k\.c\.</a>', rendered.html)
    assert 'id="cite-1"' not in rendered.html


def test_a_word_memos_notes_follow_the_body_under_their_numbers(data_dir):
    path = data_dir / "drafts" / "memo_footnotes.docx"
    document = ingest_bytes(path.read_bytes(), path.name)
    parts = [[p.start, p.end, p.origin] for p in document.parts]
    blocks = blocks_of(document.text, parts)
    notes = [(b.note_kind, b.label) for b in blocks if b.kind == "note"]
    assert notes == [
        ("footnote", "1"),
        ("footnote", "2"),
        ("footnote", "*"),
        ("footnote", "3"),
        ("footnote", ""),
        ("endnote", "i"),
        ("endnote", "ii"),
    ]
    assert [b.kind for b in blocks[: blocks.index(next(b for b in blocks if b.kind == "note"))]] == [
        "paragraph", "paragraph", "paragraph", "paragraph", "paragraph", "table", "paragraph", "paragraph",
    ]  # fmt: skip
    citation = "17 maja 2012 r., III AUa 271/12"
    html = render(
        document.text, parts, [mark(7, document.text, citation, "verified")], finding_base="/f/"
    ).html
    footnotes = html.split('<section class="doc-notes doc-footnotes">', 1)[1].split("</section>", 1)[0]
    first = re.search(
        r'<li class="doc-note" id="footnote-\d+"><span class="note-label" title="([^"]*)">1</span>(.*?)</li>',
        footnotes,
    )
    assert first is not None
    assert first.group(1) == "footnote 1"
    assert citation in first.group(2)
    body = html.split('<section class="doc-notes', 1)[0]
    assert citation not in body  # the footnote citation sits in its footnote, not in the body
    assert "<td>III AUa 271/12</td>" in body


def test_an_earlier_version_without_parts_is_read_line_by_line_and_not_linked():
    text = "First line art. 58 k.c.\nSecond line.\n"
    html = render(
        text, [], [mark(1, text, "art. 58 k.c.", "unverified")], finding_base="/f/", linked=False
    ).html
    assert '<span class="cite st-unverified" title="C1 · unverified">art. 58 k.c.</span>' in html
    assert "href=" not in html


def test_a_word_memos_note_numbers_sit_where_word_prints_them_linked_both_ways(data_dir):
    """The body shows each note's superscript number right after the words it supports (the .docx's own
    footnoteReference), the number links to the note and the note links back to the number."""
    path = data_dir / "drafts" / "memo_footnotes.docx"
    document = ingest_bytes(path.read_bytes(), path.name)
    parts = [[p.start, p.end, p.origin] for p in document.parts]
    html = render(document.text, parts, [], finding_base="/f/").html
    body, notes = html.split('<section class="doc-notes', 1)
    refs = re.findall(r'<sup class="note-ref"><a href="#([^"]+)" id="([^"]+)"[^>]*>([^<]+)</a></sup>', body)
    assert [label for _, _, label in refs] == ["1", "2", "*", "3", "i", "ii"]
    for target, own, _ in refs:
        assert own == f"{target}-ref"
        assert f'<li class="doc-note" id="{target}">' in notes  # the number leads to its note
        assert f'href="#{own}"' in notes  # and the note back to the number
    # the note about 민법 제750조 is marked after the sentence that quotes it, not elsewhere
    star = body.index(">*</a></sup>")
    assert "그 손해를 배상할 책임이 있다." in body[star - 400 : star]
    # a paragraph split around its mark is still one paragraph
    assert body.count('<p class="doc-p">') == 7
